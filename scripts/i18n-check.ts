// `npm run i18n:check`: every catalogue complete, placeholders equal, plural categories right (CLI of locales check).
import { checkCatalogues } from '#common/i18n-check.ts';
import { loadAdminCatalogues, loadAllCatalogues } from '#server/lib/catalogue-files.ts';

const problems = [
  ...checkCatalogues(loadAllCatalogues()),
  ...checkCatalogues(loadAdminCatalogues()).map((p) => `admin ${p}`),
];
if (problems.length) {
  console.error(problems.slice(0, 200).join('\n'));
  console.error(`${problems.length} catalogue problem(s).`);
  process.exit(1);
}
console.log('All 11 catalogues complete (members and console).');
