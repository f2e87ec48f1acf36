import path from 'node:path';
import purgeCss from '@fullhuman/postcss-purgecss';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Where the stylesheet's class names are used: every source file that renders markup (web, and server and common
 * code that hands class names to it), and the react-bootstrap modules the app imports (its Modal adds `modal-open`,
 * `modal-backdrop`, `fade`, `show` itself).
 */
export const PURGE_CONTENT = [
  `${root}/web/**/*.{ts,tsx}`,
  `${root}/common/**/*.ts`,
  `${root}/server/**/*.{ts,tsx}`,
  `${root}/node_modules/react-bootstrap/esm/{Modal,Fade,BootstrapModalManager,CloseButton,AbstractModalHeader}*.js`,
  `${root}/node_modules/@restart/ui/esm/{Modal,ModalManager}.js`,
];

/**
 * Class names built at run time from a variable (`btn-${variant}`, `alert-${status.kind}`, `text-bg-${…}`,
 * `align-${…}`, the lander kind's `lander--${kind}`) and the modal's state classes, which no source spells out in full: kept whatever the scan finds.
 */
export const PURGE_SAFELIST = {
  standard: [
    /^btn-/,
    /^alert-/,
    /^text-bg-/,
    /^align-/,
    /^lander--/,
    /^modal/,
    /^fade$/,
    /^show$/,
    /^showing$/,
    /^hiding$/,
  ],
};

/**
 * The PostCSS plugin that drops every rule of the stylesheet (mostly Bootstrap's utility API and components no page
 * renders) whose selectors name a class no source uses (issue 32: the one render-blocking file on every page). Only
 * for the production build: the dev server keeps everything, so a class added while editing works at once.
 */
export function purgeUnusedCss() {
  return purgeCss({
    content: PURGE_CONTENT,
    safelist: PURGE_SAFELIST,
    // Unused @keyframes go too; @font-face stays (the fonts are preloaded by name, web/root.tsx).
    keyframes: true,
    fontFace: false,
    variables: false,
  });
}
