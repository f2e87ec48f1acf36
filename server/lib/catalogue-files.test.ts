import { describe, expect, it } from 'vitest';
import { checkCatalogues } from '#common/i18n-check.ts';
import { loadAdminCatalogues, loadAllCatalogues } from './catalogue-files.ts';

describe('catalogues', () => {
  it('all 11 catalogues are complete, with equal placeholders, every plural category and no English left', () => {
    expect(checkCatalogues(loadAllCatalogues())).toEqual([]);
  });

  it("the console's catalogues (every area of locales/admin/) are complete in all 11 locales too", () => {
    const admin = loadAdminCatalogues();
    expect(Object.keys(admin).sort()).toHaveLength(11);
    expect(checkCatalogues(admin)).toEqual([]);
  });

  it('the check catches a missing key, a placeholder mismatch, a missing Polish plural and leftover English', () => {
    const all = loadAllCatalogues() as Record<string, Record<string, Record<string, string>>>;
    const broken = structuredClone(all);
    delete broken.de.nav.login;
    broken.fr.footer.copyright = '© {{annee}} {{company}}';
    delete broken.pl.common.years_old_few;
    broken.sv.home.step1_text = all.en.home.step1_text;
    const problems = checkCatalogues(broken).join('\n');
    expect(problems).toContain('de: missing nav.login');
    expect(problems).toContain('fr: placeholders of footer.copyright');
    expect(problems).toContain('pl: missing common.years_old_few');
    expect(problems).toContain('sv: home.step1_text is still English');
  });
});
