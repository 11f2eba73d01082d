CREATE TABLE "member_version" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_version_one_row" CHECK ("member_version"."one")
);
--> statement-breakpoint
INSERT INTO "member_version" ("one", "version") VALUES (true, 0);--> statement-breakpoint
-- Counts changes to what delivery reads of members (DeliveryMember in users-repository.ts): any
-- statement inserting or deleting people, or setting one of these columns, whatever wrote it.
-- When DeliveryMember gains a column, this list gains it too (test/memberVersion.test.ts).
CREATE FUNCTION member_version_bump() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "member_version" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_member_version"
  AFTER INSERT OR DELETE OR UPDATE OF "language", "timezone", "subscription_active", "is_lifetime", "is_org_admin", "username", "first_name"
  ON "users" FOR EACH STATEMENT EXECUTE FUNCTION member_version_bump();
