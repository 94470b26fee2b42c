CREATE TABLE "election_replay_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"election_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"offset_ms" bigint NOT NULL,
	"seat_id" uuid NOT NULL,
	"leader_id" uuid NOT NULL,
	"votes" bigint NOT NULL,
	"margin" bigint NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"by_name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "election_replay_steps" ADD CONSTRAINT "election_replay_steps_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_replay_steps" ADD CONSTRAINT "election_replay_steps_seat_id_election_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."election_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "election_replay_steps" ADD CONSTRAINT "election_replay_steps_leader_id_election_candidates_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."election_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "election_replay_steps_seq_idx" ON "election_replay_steps" USING btree ("election_id","seq");