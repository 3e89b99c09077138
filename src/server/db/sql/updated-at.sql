-- When a team, a user or an employee's details last changed: `updated_at` is set by the
-- database on every update, whatever path the update takes (admin pages, the shell's
-- create-admin, demo data).

CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at = now();
  RETURN NEW;
END $$;

CREATE TRIGGER teams_updated_at BEFORE UPDATE ON teams
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TRIGGER users_updated_at BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TRIGGER employee_info_updated_at BEFORE UPDATE ON employee_info
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();
