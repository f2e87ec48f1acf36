/**
 * The banners a member can put away and whose dismissal only this browser knows (localStorage). A script in the
 * document's head (web/shell/hidden-alerts-script.ts) names the dismissed ones on <html data-hidden-alerts> before the
 * first paint, and _nav.scss hides them from then on: the server renders every banner it knows applies, and nothing
 * moves when React later drops the dismissed ones (issue 32).
 */
export type THideableAlert = 'disabled-notifications' | 'time-bonus' | 'enrich' | 'push';

/** The attribute of <html> that lists the dismissed banners. */
export const HIDDEN_ALERTS_ATTRIBUTE = 'data-hidden-alerts';

/** Adds a banner the member just dismissed to the list, so it stays hidden on the next page's first render too. */
export function markAlertHidden(alert: THideableAlert): void {
  setAlertHidden(alert, true);
}

/** Takes a banner off the list: the head script's guess was wrong and the banner applies after all. */
export function unmarkAlertHidden(alert: THideableAlert): void {
  setAlertHidden(alert, false);
}

function setAlertHidden(alert: THideableAlert, isHidden: boolean): void {
  const root = document.documentElement;
  const hidden = new Set((root.getAttribute(HIDDEN_ALERTS_ATTRIBUTE) ?? '').split(' ').filter(Boolean));
  if (isHidden) hidden.add(alert);
  else hidden.delete(alert);
  root.setAttribute(HIDDEN_ALERTS_ATTRIBUTE, [...hidden].join(' '));
}
