import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';
import { declaredJobKinds } from './define-job.ts';

// This file declares no kind of its own: the registry holds exactly what the app's modules declare.
describe("the app's job runner", () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has a definition for every kind a module declares (a queued kind without one would never run)', () => {
    const declared = declaredJobKinds();
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.filter((kind) => !t.services.jobKinds.includes(kind))).toEqual([]);
  });
});
