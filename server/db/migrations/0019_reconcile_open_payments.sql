-- Payments started before the reconciliation job existed (issue #13 item 18) get their first check now, so a paid
-- payment whose webhook was lost is credited without a page view. Same payload as scheduleReconciliation in
-- server/modules/payments/reconcile.job.ts: check 1, expiring 28 days after the payment started.
INSERT INTO jobs (kind, payload, run_at)
SELECT 'reconcile_payment',
	jsonb_build_object(
		'paymentId', p.id::text,
		'check', 1,
		'expiresAt', to_char((p.created_at + interval '28 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
	),
	now()
FROM payments p
WHERE p.status IN ('open', 'pending');
