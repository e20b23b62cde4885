-- Proof of reserves (docs/proof-of-reserves.md, docs/decisions/0058): published Merkle sum trees of the
-- customers' balances; a snapshot's root and totals, each customer's leaf and nonce, and every node.
CREATE TABLE "proof_of_reserves_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_by" bigint NOT NULL,
	"root" text NOT NULL,
	"totals" jsonb NOT NULL,
	"level_sizes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proof_of_reserves_leaves" (
	"snapshot_id" bigint NOT NULL,
	"leaf_index" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"nonce" text NOT NULL,
	"balances" jsonb NOT NULL,
	CONSTRAINT "proof_of_reserves_leaves_snapshot_id_leaf_index_pk" PRIMARY KEY("snapshot_id","leaf_index")
);
--> statement-breakpoint
CREATE TABLE "proof_of_reserves_nodes" (
	"snapshot_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"node_index" integer NOT NULL,
	"hash" text NOT NULL,
	"sums" jsonb NOT NULL,
	CONSTRAINT "proof_of_reserves_nodes_snapshot_id_level_node_index_pk" PRIMARY KEY("snapshot_id","level","node_index")
);
--> statement-breakpoint
ALTER TABLE "proof_of_reserves_snapshots" ADD CONSTRAINT "proof_of_reserves_snapshots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_of_reserves_leaves" ADD CONSTRAINT "proof_of_reserves_leaves_snapshot_id_proof_of_reserves_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."proof_of_reserves_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_of_reserves_leaves" ADD CONSTRAINT "proof_of_reserves_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_of_reserves_nodes" ADD CONSTRAINT "proof_of_reserves_nodes_snapshot_id_proof_of_reserves_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."proof_of_reserves_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proof_of_reserves_leaves_user_key" ON "proof_of_reserves_leaves" USING btree ("snapshot_id","user_id");
