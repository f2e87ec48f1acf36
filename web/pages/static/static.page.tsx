import { data } from 'react-router';
import { PageTitle } from '#web/components/page-title.tsx';
import { appContext } from '#web/lib/app-context.ts';
import type { Route } from './+types/static.page';

/** Static and legal pages (spec §2): the route id names the page, `pages-token` takes it from the URL. */
export function loader({ params, context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  // Client navigations fetch `/pages/<name>.data`; the page name is the last path segment either way.
  const name =
    params.token ??
    new URL(request.url).pathname
      .replace(/\.data$/, '')
      .split('/')
      .pop() ??
    '';
  const page = ctx.services.content.render(name, ctx.locale, ctx.site);
  if (!page) throw data('', { status: 404 });
  return page;
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="container py-4 static-page" style={{ maxWidth: 860 }}>
      <PageTitle title={loaderData.title} />
      <h1 className="mb-4">{loaderData.title}</h1>
      {/* Trusted: Markdown shipped with the release, placeholder values escaped. */}
      <div className="content-body" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </article>
  );
}
