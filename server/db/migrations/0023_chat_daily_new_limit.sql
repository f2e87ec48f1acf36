-- chat_send (migrations 0013, 0018) with a daily cap on new conversations (issue 28, spam): a message that would open
-- a conversation when the sender already started p_daily_new_limit since p_day_start (the UTC day) raises
-- daily_limit_reached before the debit, so a refused first message costs nothing and stores nothing. Replies in
-- existing conversations never count. Everything else is unchanged: see 0013 and 0018.
DROP FUNCTION IF EXISTS chat_send(integer, integer, integer, text, text, text, integer, text, integer, text, text);
--> statement-breakpoint
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
	v_message messages%ROWTYPE;
	v_conversation integer;
	v_a integer := least(p_sender, p_recipient);
	v_b integer := greatest(p_sender, p_recipient);
BEGIN
	SELECT u.credits, u.paid_user INTO v_credits, v_paid FROM users u WHERE u.id = p_user_id FOR UPDATE;
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
	IF NOT EXISTS (
		SELECT 1 FROM profiles p
		WHERE p.id = p_recipient AND p.status = 'active' AND p.invisible = false
			AND NOT EXISTS (
				SELECT 1 FROM blocks b
				WHERE (b.blocker_profile_id = p_sender AND b.blocked_profile_id = p_recipient)
					OR (b.blocker_profile_id = p_recipient AND b.blocked_profile_id = p_sender)
			)
	) THEN
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
	RETURN QUERY SELECT v_message.id, v_message.conversation_id, v_message.created_at, v_credits - p_cost, false;
END;
$$;
