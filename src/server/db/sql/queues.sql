-- Queue callers (modules/queues): a caller's wait ends when an agent answers a call offered
-- for them, whichever path answers it, in the answer's transaction.

CREATE FUNCTION queue_caller_answered() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE queue_callers SET outcome = 'answered', ended_at = NEW.answered_at
  WHERE id = NEW.caller_id AND ended_at IS NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER call_logs_caller_answered AFTER UPDATE OF call_status ON call_logs
  FOR EACH ROW WHEN (NEW.caller_id IS NOT NULL AND OLD.call_status IS NULL
    AND NEW.call_status = 'answered')
  EXECUTE FUNCTION queue_caller_answered();
