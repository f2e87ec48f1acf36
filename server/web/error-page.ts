import { escapeHtml } from '../lib/escape-html.ts';
import { serverT } from '../lib/i18n.ts';

/**
 * The site's error page (spec §2) rendered without React Router or the database: used when a page request fails before
 * or outside the page renderer (a site or session lookup during a database outage) or when the renderer failed
 * because the database is down. A self-contained document: no script, inline styles only (the CSP allows them).
 */
export function renderStaticErrorPage(options: {
  status: number;
  /** 'setup': no site exists yet (a fresh production database), "this site is being set up". */
  kind?: 'error' | 'setup';
  locale: string;
  siteName: string | null;
  /** The path to offer "try again" on (the page asked for). */
  retryPath: string;
}): string {
  const t = serverT(options.locale);
  const unavailable = options.status === 503;
  const setup = options.kind === 'setup';
  const title = setup ? t('error.setup_title') : unavailable ? t('error.unavailable_title') : t('error.title');
  const body = setup ? t('error.setup_body') : unavailable ? t('error.unavailable_body') : t('errors.error_occurred');
  const retry = unavailable ? t('error.try_again') : t('error.reload');
  const head = options.siteName ? `${title} · ${options.siteName}` : title;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(options.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(head)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;background:#f8f9fa}
main{max-width:32rem;margin:0 auto;padding:4rem 1.25rem;text-align:center}
.status{font-size:4rem;font-weight:700;color:#e8173f;margin:0 0 .5rem}
h1{font-size:1.5rem;margin:0 0 1rem}
p{line-height:1.5;margin:0 0 2rem}
a{display:inline-block;margin:.25rem;padding:.6rem 1.2rem;border-radius:.5rem;text-decoration:none;border:1px solid #e8173f}
a.primary{background:#e8173f;color:#fff}
a.secondary{color:#e8173f;background:#fff}
a:focus-visible{outline:3px solid #212529;outline-offset:2px}
</style>
</head>
<body>
<main>
<p class="status" aria-hidden="true">${options.status}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(body)}</p>
<a class="primary" href="${escapeHtml(options.retryPath)}">${escapeHtml(retry)}</a>
<a class="secondary" href="/">${escapeHtml(t('error.back_home'))}</a>
</main>
</body>
</html>
`;
}
