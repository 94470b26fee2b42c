CREATE TABLE "election_alliances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"election_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"colour" text DEFAULT '#888888' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "election_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seat_id" uuid NOT NULL,
	"serial" integer NOT NULL,
	"name" jsonb NOT NULL,
	"party" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "election_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"election_id" uuid NOT NULL,
	"abbreviation" text NOT NULL,
	"name" jsonb NOT NULL,
	"colour" text DEFAULT '#888888' NOT NULL,
	"alliance" text
);
--> statement-breakpoint
CREATE TABLE "election_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"election_id" uuid NOT NULL,
	"seat_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"leader_id" uuid NOT NULL,
	"votes" bigint NOT NULL,
	"margin" bigint NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"based_on" uuid,
	"by_id" uuid,
	"by_name" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "election_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"election_id" uuid NOT NULL,
	"state_code" text NOT NULL,
	"number" integer NOT NULL,
	"name" jsonb NOT NULL,
	"reserved" text DEFAULT 'GEN' NOT NULL,
	"shape" jsonb,
	"search_keys" text DEFAULT '' NOT NULL,
	"previous" jsonb
);
--> statement-breakpoint
CREATE TABLE "elections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"kind" text NOT NULL,
	"state" text,
	"counting_date" date NOT NULL,
	"majority" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "elections_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "election_alliances" ADD CONSTRAINT "election_alliances_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_candidates" ADD CONSTRAINT "election_candidates_seat_id_election_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."election_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_parties" ADD CONSTRAINT "election_parties_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_results" ADD CONSTRAINT "election_results_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_results" ADD CONSTRAINT "election_results_seat_id_election_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."election_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_results" ADD CONSTRAINT "election_results_leader_id_election_candidates_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."election_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_seats" ADD CONSTRAINT "election_seats_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "election_alliances_code_idx" ON "election_alliances" USING btree ("election_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "election_candidates_serial_idx" ON "election_candidates" USING btree ("seat_id","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "election_parties_abbr_idx" ON "election_parties" USING btree ("election_id","abbreviation");--> statement-breakpoint
CREATE UNIQUE INDEX "election_results_version_idx" ON "election_results" USING btree ("seat_id","version");--> statement-breakpoint
CREATE INDEX "election_results_election_idx" ON "election_results" USING btree ("election_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "election_seats_number_idx" ON "election_seats" USING btree ("election_id","state_code","number");