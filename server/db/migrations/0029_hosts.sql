CREATE TABLE "host_inbox" (
	"conversation_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"fictional_profile_id" integer NOT NULL,
	"member_profile_id" integer NOT NULL,
	"waiting_since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host_leases" (
	"conversation_id" integer PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "host_inbox" ADD CONSTRAINT "host_inbox_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_inbox" ADD CONSTRAINT "host_inbox_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_inbox" ADD CONSTRAINT "host_inbox_fictional_profile_id_profiles_id_fk" FOREIGN KEY ("fictional_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_inbox" ADD CONSTRAINT "host_inbox_member_profile_id_profiles_id_fk" FOREIGN KEY ("member_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_leases" ADD CONSTRAINT "host_leases_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_leases" ADD CONSTRAINT "host_leases_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "host_inbox_waiting_idx" ON "host_inbox" USING btree ("site_id","waiting_since");--> statement-breakpoint
CREATE INDEX "host_leases_staff_idx" ON "host_leases" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_fictional_idx" ON "profiles" USING btree ("site_id","id") WHERE "profiles"."is_fictional";--> statement-breakpoint
-- Hand-written (issue 30, hosts): chat_send (migrations 0013, 0018, 0023) also puts a member's message to a fictional
-- profile in host_inbox, reading the sender's site with the account row it locks already and the recipient's
-- is_fictional with the visibility check it makes already; a member's send costs what it cost. Everything else is
-- unchanged: see 0023.
CREATE OR REPLACE FUNCTION chat_send(
	p_user_id integer,
	p_sender integer,
	p_recipient integer,
	p_kind text,
	p_body text,
	p_attachment_key text,
	p_cost integer,
	p_idempotency_key text,
	p_free_limit integer,
	p_ref_suffix text,
	p_request_hash text,
	p_daily_new_limit integer,
	p_day_start timestamptz
) RETURNS TABLE (
	message_id bigint,
	conversation_id integer,
	created_at timestamptz,
	credits integer,
	replayed boolean
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	v_credits integer;
	v_paid boolean;
	v_site integer;
	v_fictional boolean;
	v_message messages%ROWTYPE;
	v_conversation integer;
	v_a integer := least(p_sender, p_recipient);
	v_b integer := greatest(p_sender, p_recipient);
BEGIN
	SELECT u.credits, u.paid_user, u.site_id INTO v_credits, v_paid, v_site FROM users u WHERE u.id = p_user_id FOR UPDATE;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'authentication_required';
	END IF;
	-- A retry with the same key answers the first message, charged once.
	IF p_idempotency_key IS NOT NULL THEN
		SELECT * INTO v_message FROM messages m
			WHERE m.sender_profile_id = p_sender AND m.idempotency_key = p_idempotency_key;
		IF FOUND THEN
			-- The same key for another send (recipient, kind or content) is a client bug: refuse rather than answer a
			-- message that is not the one asked for. Messages stored before hashes existed stay replayable.
			IF v_message.request_hash IS NOT NULL AND v_message.request_hash IS DISTINCT FROM p_request_hash THEN
				RAISE EXCEPTION 'idempotency_key_reused';
			END IF;
			RETURN QUERY SELECT v_message.id, v_message.conversation_id, v_message.created_at, v_credits, true;
			RETURN;
		END IF;
	END IF;
	-- The recipient: active, visible, and no block either way (the same rule as findLikeableProfile).
	SELECT p.is_fictional INTO v_fictional FROM profiles p
		WHERE p.id = p_recipient AND p.status = 'active' AND p.invisible = false
			AND NOT EXISTS (
				SELECT 1 FROM blocks b
				WHERE (b.blocker_profile_id = p_sender AND b.blocked_profile_id = p_recipient)
					OR (b.blocker_profile_id = p_recipient AND b.blocked_profile_id = p_sender)
			);
	IF NOT FOUND THEN
		RAISE EXCEPTION 'profile_not_found';
	END IF;
	SELECT c.id INTO v_conversation FROM conversations c WHERE c.profile_a = v_a AND c.profile_b = v_b;
	IF v_conversation IS NULL THEN
		-- Free members may start p_free_limit conversations; replies never count.
		IF NOT v_paid AND (SELECT count(*) FROM conversations c WHERE c.started_by = p_sender) >= p_free_limit THEN
			RAISE EXCEPTION 'premium_required';
		END IF;
		-- Anyone may start p_daily_new_limit conversations a day (issue 28: spam); refused before any debit.
		IF (SELECT count(*) FROM conversations c WHERE c.started_by = p_sender AND c.created_at >= p_day_start)
				>= p_daily_new_limit THEN
			RAISE EXCEPTION 'daily_limit_reached';
		END IF;
		INSERT INTO conversations (profile_a, profile_b, started_by) VALUES (v_a, v_b, p_sender)
			ON CONFLICT ON CONSTRAINT conversations_pair_idx DO NOTHING
			RETURNING id INTO v_conversation;
		IF v_conversation IS NULL THEN
			-- The other member started it at the same moment: theirs (a new statement sees it).
			SELECT c.id INTO v_conversation FROM conversations c WHERE c.profile_a = v_a AND c.profile_b = v_b;
		ELSE
			INSERT INTO conversation_members (conversation_id, profile_id)
				VALUES (v_conversation, p_sender), (v_conversation, p_recipient);
		END IF;
	END IF;
	IF p_cost > 0 THEN
		UPDATE users u SET credits = u.credits - p_cost WHERE u.id = p_user_id AND u.credits >= p_cost;
		IF NOT FOUND THEN
			RAISE EXCEPTION 'not_enough_credits';
		END IF;
		INSERT INTO credit_ledger (user_id, delta, reason, ref)
			VALUES (p_user_id, -p_cost, p_kind, p_kind || ':' || v_conversation || ':' || p_ref_suffix);
	END IF;
	INSERT INTO messages (conversation_id, sender_profile_id, kind, body, attachment_key, cost, idempotency_key,
			request_hash)
		VALUES (v_conversation, p_sender, p_kind, p_body, p_attachment_key, p_cost, p_idempotency_key, p_request_hash)
		RETURNING * INTO v_message;
	UPDATE conversations c SET last_message_at = v_message.created_at WHERE c.id = v_conversation;
	UPDATE conversation_members cm SET unread = cm.unread + 1
		WHERE cm.conversation_id = v_conversation AND cm.profile_id = p_recipient;
	-- A message to a fictional profile waits in the hosts' inbox until a host answers (issue 30); the first unanswered
	-- message sets the waiting time, later ones keep it.
	-- (The sender is a member: the account row locked above is theirs.)
	IF v_fictional THEN
		INSERT INTO host_inbox (conversation_id, site_id, fictional_profile_id, member_profile_id, waiting_since)
			VALUES (v_conversation, v_site, p_recipient, p_sender, v_message.created_at)
			-- (By the constraint's name: conversation_id is also an output column of this function.)
			ON CONFLICT ON CONSTRAINT host_inbox_pkey DO NOTHING;
	END IF;
	RETURN QUERY SELECT v_message.id, v_message.conversation_id, v_message.created_at, v_credits - p_cost, false;
END;
$$;
--> statement-breakpoint
-- Conversations members wrote to fictional profiles before this migration and nobody answered: waiting since the
-- member's first message after the fictional profile's last one.
INSERT INTO host_inbox (conversation_id, site_id, fictional_profile_id, member_profile_id, waiting_since)
SELECT c.id, u.site_id, f.id, u.profile_id, w.since
FROM conversations c
JOIN profiles f ON f.is_fictional AND f.id IN (c.profile_a, c.profile_b)
JOIN users u ON u.profile_id IN (c.profile_a, c.profile_b) AND u.profile_id <> f.id
CROSS JOIN LATERAL (
	SELECT min(m.created_at) AS since FROM messages m
	WHERE m.conversation_id = c.id AND m.sender_profile_id = u.profile_id
		AND m.id > coalesce((SELECT max(r.id) FROM messages r WHERE r.conversation_id = c.id AND r.sender_profile_id = f.id), 0)
) w
WHERE w.since IS NOT NULL
ON CONFLICT (conversation_id) DO NOTHING;
