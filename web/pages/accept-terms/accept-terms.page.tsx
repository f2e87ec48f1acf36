import { Trans, useTranslation } from 'react-i18next';
import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import { safeRedirect } from '#common/safe-redirect.ts';
import { zText } from '#common/text.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { runAction } from '#web/lib/form/action-result.server.ts';
import { CheckField, ChoiceField } from '#web/lib/form/field.tsx';
import { FormError } from '#web/lib/form/form-error.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { appContext } from '#web/lib/app-context.ts';
import { readForm } from '#web/lib/form/form-input.server.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/accept-terms.page';

/** Where to go once everything is answered: the page the member was on, never another site. */
function nextPath(request: Request, origin: string): string {
  return safeRedirect(new URL(request.url).searchParams.get('redirect'), origin, '/');
}

/** What is still to be answered; a member with nothing to answer goes back to where they were. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const prompt = await ctx.services.consents.termsPrompt(user.id);
  if (!prompt) throw redirect(nextPath(request, ctx.origin));
  return { prompt };
}

/** The form as the browser sends it: the ticked box (`on`) and the orientation answer, each absent when not given. */
const ZAcceptTermsForm = z.object({ accept: zText().optional(), orientation: zText().optional() });

/** Records the acceptance (and the orientation answer when asked), then goes on to the page the member wanted. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  const input = await readForm(request, ZAcceptTermsForm);
  if (!input.ok) return input.response;
  const { accept, orientation } = input.value;
  const prompt = await ctx.services.consents.termsPrompt(user.id);
  if (!prompt) throw redirect(nextPath(request, ctx.origin));
  const issues: { path: string; message: string }[] = [];
  if (prompt.terms && accept !== 'on') issues.push({ path: 'accept', message: 'consent.terms_required' });
  if (prompt.orientation && orientation !== 'yes' && orientation !== 'no') {
    issues.push({ path: 'orientation', message: 'consent.answer_required' });
  }
  if (issues.length) return { error: { code: 'invalid_request', data: { issues } } };
  const result = await runAction(() =>
    ctx.services.consents.acceptTerms(
      user.id,
      { orientation: prompt.orientation ? orientation === 'yes' : undefined },
      { locale: ctx.locale, ip: ctx.ip },
    ),
  );
  if (!result.ok) return result.response;
  throw redirect(nextPath(request, ctx.origin));
}

/**
 * The interstitial shown to a logged-in member before anything else (root loader): new terms to accept, and for a
 * member whose orientation was stored before its consent existed, the Art. 9 question. A plain form: works without JS.
 */
export default function AcceptTermsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { prompt } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const issues = (result && 'error' in result ? (result.error.data.issues ?? []) : []) as {
    path: string;
    message: string;
  }[];
  const issueFor = (path: string) => issues.find((i) => i.path === path);
  const title = prompt.terms ? t('consent.terms_title') : t('consent.orientation_title');
  return (
    <section className="container py-5" style={{ maxWidth: 640 }}>
      <PageTitle title={title} />
      <h1 className="h3 mb-3">{title}</h1>
      {/* Field issues are shown at their fields; an unreadable form has none, and says so in general. */}
      <FormError
        error={
          result && 'error' in result && (result.error.code !== 'invalid_request' || issues.length === 0)
            ? result.error
            : null
        }
      />
      <Form method="post" className="card card-body shadow-sm" noValidate>
        {prompt.terms ? (
          <>
            <p>
              <Trans
                i18nKey="consent.terms_text"
                components={{
                  terms: <Link to={url('pages-terms')} target="_blank" />,
                  privacy: <Link to={url('pages-privacy')} target="_blank" />,
                }}
              />
            </p>
            <CheckField
              id="accept-terms-accept"
              name="accept"
              label={t('consent.terms_accept_label')}
              issue={issueFor('accept')?.message}
            />
          </>
        ) : null}
        {prompt.orientation ? (
          <ChoiceField
            id="accept-terms-orientation"
            name="orientation"
            legend={t('consent.orientation_question')}
            hint={t('consent.orientation_hint')}
            options={(['yes', 'no'] as const).map((answer) => [answer, t(`consent.orientation_${answer}`)] as const)}
            issue={issueFor('orientation')?.message}
          />
        ) : null}
        <button type="submit" className="btn btn-primary align-self-start" disabled={busy}>
          {t('consent.terms_submit')}
        </button>
      </Form>
      <p className="small text-body-secondary mt-3">
        <Trans i18nKey="consent.terms_decline" components={{ delete: <Link to={url('settings-delete')} /> }} />
      </p>
    </section>
  );
}
