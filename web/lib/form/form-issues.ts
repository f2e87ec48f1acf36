import { ApiError } from '../api-client.ts';

/** Field name → catalogue key of its first problem. */
export type TFieldIssues = Record<string, string>;

type TIssue = { path: string | PropertyKey[]; message: string };

/** Groups validation issues (from the shared zod schema or the API's `data.issues`) by field, first one wins. */
export function issuesByField(issues: readonly TIssue[]): TFieldIssues {
  const out: TFieldIssues = {};
  for (const issue of issues) {
    // The API reports JSON pointers ("/email"), zod reports path arrays (["email"]).
    const field = (Array.isArray(issue.path) ? issue.path.join('.') : issue.path).replace(/^\//, '');
    if (field && !(field in out)) out[field] = issue.message;
  }
  return out;
}

/** The field issues carried by a failed API call, if any. */
export function apiFieldIssues(err: unknown): TFieldIssues {
  if (!(err instanceof ApiError)) return {};
  const issues = (err.data as { issues?: TIssue[] } | undefined)?.issues;
  return Array.isArray(issues) ? issuesByField(issues) : {};
}
