import { Transform } from 'node:stream';

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const HYDRATION_SCRIPT = /<script nonce="([^"]*)" type="module" async="">/;
const BODY_END = '</body>';

/**
 * Starts the hydration scripts once the first screen has painted (issue 32). It runs in the browser as written here
 * (no build step; one statement per line, joined without newlines). It starts when both have happened:
 * - the first contentful paint (its `paint` entry; where the browser has none, a frame and a task);
 * - the first screen's high-priority image (the LCP photo) has painted (its `largest-contentful-paint` entry), or
 *   loaded 200 ms ago (something larger was the largest paint), or failed; at once when there is none or it is cached.
 * Then it adds the module preloads and runs React Router's module script. A hidden page starts at once, and no page
 * waits longer than 2 s.
 */
const START_AFTER_PAINT =
  `(()=>{const d=document,me=d.currentScript,hrefs=me.dataset.modules.split(' ').filter(Boolean);let started=false,waits=2;
const start=()=>{if(started)return;started=true;
for(const href of hrefs){const l=d.createElement('link');l.rel='modulepreload';l.href=href;d.head.append(l)}
const s=d.createElement('script');s.type='module';s.nonce=me.nonce;s.textContent=d.getElementById('amora-hydrate').textContent;d.body.append(s)};
const done=()=>{if(--waits===0)start()};
setTimeout(start,2000);
if(d.visibilityState==='hidden')return start();
const types=(self.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];
const observe=(type,seen)=>new PerformanceObserver((l,o)=>{if(l.getEntries().some(seen)){o.disconnect();done()}}).observe({type,buffered:true});
if(types.includes('paint'))observe('paint',(e)=>e.name==='first-contentful-paint');
else requestAnimationFrame(()=>setTimeout(done));
const hero=d.querySelector('img[fetchpriority="high"]');
if(!hero||hero.complete)return done();
let settled=false;const settle=()=>{if(!settled){settled=true;done()}};
if(types.includes('largest-contentful-paint'))new PerformanceObserver((l,o)=>{if(l.getEntries().some((e)=>e.element===hero)){o.disconnect();settle()}}).observe({type:'largest-contentful-paint',buffered:true});
hero.addEventListener('load',()=>setTimeout(settle,200));hero.addEventListener('error',settle)})()`.replace(/\n/g, '');

/**
 * Rewrites a rendered document so its ~50 hydration scripts load after the first screen has painted (issue 32):
 * the module preloads React hoists into the head are removed, React Router's module script stays in the page inert
 * (`type="text/x-amora-module"`), and a small inline script at the end of the body brings both back after the first
 * paint and the LCP image (`START_AFTER_PAINT`).
 *
 * Why: on a phone's slow link the scripts share the few connections with the stylesheet, the fonts and the LCP photo,
 * and whatever finished before the largest paint delays it (Lighthouse's lantern model puts every module script that
 * finished before the observed LCP on its path). The page works before hydration: links and forms are plain HTML,
 * and buttons that need JavaScript stay disabled until it runs.
 *
 * The document is rendered whole before it is sent (`onAllReady`), so it is buffered and rewritten at the end. A
 * document without the module script (an error page rendered without <Scripts>) passes through unchanged.
 */
export function scriptsAfterFirstPaint(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      // Decoded once as a whole, so a character split between two chunks stays whole.
      callback(null, deferHydration(Buffer.concat(chunks).toString()));
    },
  });
}

/** The rewrite of `scriptsAfterFirstPaint` on a whole document. */
export function deferHydration(html: string): string {
  const script = HYDRATION_SCRIPT.exec(html);
  const bodyEnd = html.lastIndexOf(BODY_END);
  const headEnd = html.indexOf('</head>');
  if (!script || headEnd < 0 || bodyEnd < script.index) return html;
  const hrefs: string[] = [];
  const head = html.slice(0, headEnd).replace(MODULE_PRELOAD, (_tag, href: string) => (hrefs.push(href), ''));
  const nonce = script[1];
  const rest = html
    .slice(headEnd, bodyEnd)
    .replace(HYDRATION_SCRIPT, `<script nonce="${nonce}" type="text/x-amora-module" id="amora-hydrate">`);
  const starter = `<script nonce="${nonce}" data-modules="${hrefs.join(' ')}">${START_AFTER_PAINT}</script>`;
  return head + rest + starter + html.slice(bodyEnd);
}
