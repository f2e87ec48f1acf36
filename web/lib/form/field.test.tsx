import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '#common/i18n.ts';
import en from '#locales/en.json';
import { CurrentPasswordField } from './current-password-field.tsx';
import { CheckField, ChoiceField, Field } from './field.tsx';

const i18n = createI18n('en', en);
const render = (node: ReactNode) => renderToString(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
/** The opening tag of the element with this id. */
const tagOf = (html: string, id: string) => new RegExp(`<[a-z]+[^>]* id="${id}"[^>]*>`).exec(html)?.[0] ?? '';

describe('the form kit', () => {
  it('a radio group says its hint and problem on the group and every radio, and checks a default for the form', () => {
    const html = render(
      <ChoiceField
        id="orientation"
        name="orientation"
        legend="Question"
        hint="Why we ask"
        options={[
          ['yes', 'Yes'],
          ['no', 'No'],
        ]}
        defaultValue="no"
        issue="consent.answer_required"
      />,
    );
    expect(html).toMatch(/<fieldset[^>]*aria-describedby="orientation-hint orientation-error"/);
    expect(tagOf(html, 'orientation-yes')).toMatch(/aria-describedby="orientation-hint orientation-error"/);
    expect(tagOf(html, 'orientation-yes')).not.toMatch(/checked/);
    expect(tagOf(html, 'orientation-no')).toMatch(/checked=""/);
    expect(html).toContain(i18n.t('consent.answer_required'));
  });

  it("a failed call's message under a field is announced and marks the control invalid", () => {
    const html = render(
      <Field id="code" label="Code" failure="Code not found">
        {(wiring) => <input {...wiring} />}
      </Field>,
    );
    expect(tagOf(html, 'code')).toMatch(/aria-invalid="true" aria-describedby="code-error"/);
    expect(tagOf(html, 'code-error')).toMatch(/role="alert"/);
    expect(html).toContain('Code not found');
  });

  it('a checkbox with a problem is styled and described as invalid', () => {
    const html = render(<CheckField id="consent" label="I agree" issue="validation.consent_required" />);
    expect(tagOf(html, 'consent')).toMatch(/class="form-check-input is-invalid"/);
    expect(tagOf(html, 'consent')).toMatch(/aria-invalid="true" aria-describedby="consent-error"/);
  });

  it('the current password field is labelled, named for its form and filled by password managers', () => {
    const html = render(<CurrentPasswordField id="old-password" name="old_password" />);
    expect(html).toContain(`<label class="form-label" for="old-password">${i18n.t('settings.old_password')}</label>`);
    expect(tagOf(html, 'old-password')).toMatch(/type="password"/);
    expect(tagOf(html, 'old-password')).toMatch(/autoComplete="current-password"/);
    expect(tagOf(html, 'old-password')).toMatch(/name="old_password"/);
  });
});
