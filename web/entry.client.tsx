import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { createI18n } from '#common/i18n.ts';
import { DEFAULT_LOCALE, isLocale } from '#common/locales.ts';
import { loadCatalogue } from './lib/catalogues.ts';
import { installChunkReloadGuard } from './lib/chunk-reload.ts';
import { HydrationProvider } from './lib/use-hydrated.ts';

installChunkReloadGuard();

/** Loads only the active locale's catalogue, then hydrates so server and client render the same text. */
async function hydrate() {
  const lang = document.documentElement.lang;
  const lng = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const i18n = createI18n(lng, await loadCatalogue(lng));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydrationProvider>
            <HydratedRouter />
          </HydrationProvider>
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
