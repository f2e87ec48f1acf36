import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '#common/i18n.ts';
import { COMPLAINT_TOPICS, ZComplaintRequest } from '#common/reports.ts';
import en from '#locales/en.json';
import { ComplaintForm } from './complaint-form.tsx';
import { issuesByField } from '#web/lib/form/form-issues.ts';

const i18n = createI18n('en', en);
const t = i18n.t;

describe('complaint form issues', () => {
  it('maps the API’s JSON pointers and zod paths to fields, first problem per field', () => {
    expect(
      issuesByField([
        { path: '/email', message: 'validation.email_invalid' },
        { path: '/email', message: 'other' },
        { path: ['message'], message: 'complaints.errors.message_length' },
      ]),
    ).toEqual({ email: 'validation.email_invalid', message: 'complaints.errors.message_length' });
  });

  it('checks the form with the same schema as the server', () => {
    const parsed = ZComplaintRequest.safeParse({ name: '', email: 'a@', topic: '', message: 'hi' });
    expect(parsed.success).toBe(false);
    expect(Object.keys(issuesByField(parsed.error!.issues)).sort()).toEqual(['email', 'message', 'name', 'topic']);
  });
});

describe('complaint form (server render)', () => {
  it('prefills a member’s name and email, lists every topic and waits for hydration before submitting', () => {
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <ComplaintForm defaultName="anna_b" defaultEmail="anna@example.com" />
      </I18nextProvider>,
    );
    expect(html).toContain('value="anna_b"');
    expect(html).toContain('value="anna@example.com"');
    for (const topic of COMPLAINT_TOPICS) expect(html).toContain(`value="${topic}"`);
    expect(html).toContain(t('complaints.topics.billing'));
    expect(html).toContain(t('complaints.submit'));
    expect(html).toMatch(/<button type="submit"[^>]*disabled/);
    expect(html).toMatch(/<form[^>]*method="post"/);
  });
});
