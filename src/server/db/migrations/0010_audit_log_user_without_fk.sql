ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_user_id_users_id_fk";
