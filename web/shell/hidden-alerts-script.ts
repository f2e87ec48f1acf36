import { STORAGE_KEYS } from '#common/constants.ts';
import { HIDDEN_ALERTS_ATTRIBUTE, type THideableAlert } from '../lib/hidden-alerts.ts';
import { ENRICH_ALERT_SNOOZE_MS } from '../features/photos/missing-photo-alert.tsx';
import { ENTRY_WARNING_ATTRIBUTE } from './site-entry-warning.tsx';

/** Each hideable banner, its storage key and how long its dismissal lasts (0: for good). */
const DISMISSALS: [THideableAlert, string, number][] = [
  ['disabled-notifications', STORAGE_KEYS.hideDisabledNotificationsAlert, 0],
  ['time-bonus', STORAGE_KEYS.hideTimeBonusBanner, 0],
  ['enrich', STORAGE_KEYS.hideEnrichAlert, ENRICH_ALERT_SNOOZE_MS],
  ['push', STORAGE_KEYS.hidePushAlert, 0],
];

/**
 * The push prompt also hides where the browser cannot push or the member already decided on the permission (see
 * isPushCapable in web/features/notifications/push.ts); a granted permission without a subscription, rare, shows it
 * after hydration (PushAlert takes it off the list).
 */
const NO_PUSH_PROMPT =
  "!(window.isSecureContext&&'serviceWorker' in navigator&&'PushManager' in window&&'Notification' in window&&Notification.permission==='default')";

/**
 * The site-entry warning hides where this browser dismissed it or runs the installed app (web/shell/site-entry-warning.tsx
 * decides the same after hydration).
 */
const NO_ENTRY_WARNING = `localStorage.getItem(${JSON.stringify(STORAGE_KEYS.siteEntryDismissed)})!==null||window.matchMedia('(display-mode: standalone)').matches||navigator.standalone===true`;

/**
 * The inline script of the document's head that marks <html> with the banners this browser dismissed, and whether it
 * dismissed the site-entry warning, before the first paint (web/lib/hidden-alerts.ts). The same rules as the banners'
 * own effects; blocked storage hides nothing.
 */
export const HIDDEN_ALERTS_SCRIPT = `try{if(${NO_ENTRY_WARNING})document.documentElement.setAttribute(${JSON.stringify(ENTRY_WARNING_ATTRIBUTE)},'hidden')}catch(e){}try{var d=${JSON.stringify(DISMISSALS)},h=[];for(var i=0;i<d.length;i++){var v=localStorage.getItem(d[i][1]);if(v!==null&&(!d[i][2]||Date.now()-Number(v)<d[i][2]))h.push(d[i][0])}if(${NO_PUSH_PROMPT}&&h.indexOf('push')<0)h.push('push');if(h.length)document.documentElement.setAttribute(${JSON.stringify(HIDDEN_ALERTS_ATTRIBUTE)},h.join(' '))}catch(e){}`;
