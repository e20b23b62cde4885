-- API keys and the exchange-compatible private API (issue 20, docs/security.md "API keys",
-- docs/decisions/0033-api-keys.md): keys with their secret encrypted at rest (AES-256-GCM), the
-- client order ids a bot gives its spot orders, and the listen keys of user data streams.
CREATE TABLE "api_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"api_key" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"label" text NOT NULL,
	"permissions" text[] NOT NULL,
	"ip_allowlist" text[] DEFAULT '{}' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	CONSTRAINT "api_keys_permissions_known" CHECK ("api_keys"."permissions" <@ ARRAY['read', 'spot', 'lever']::text[]),
	CONSTRAINT "api_keys_ended_has_reason" CHECK (("api_keys"."ended_at" is null) = ("api_keys"."ended_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_api_key_key" ON "api_keys" USING btree ("api_key");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id","id");--> statement-breakpoint
CREATE TABLE "spot_order_client_ids" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"client_order_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spot_order_client_ids" ADD CONSTRAINT "spot_order_client_ids_order_id_spot_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."spot_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_order_client_ids" ADD CONSTRAINT "spot_order_client_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spot_order_client_ids_user_client_key" ON "spot_order_client_ids" USING btree ("user_id","client_order_id");--> statement-breakpoint
CREATE TABLE "api_listen_keys" (
	"listen_key" text PRIMARY KEY NOT NULL,
	"api_key_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_listen_keys" ADD CONSTRAINT "api_listen_keys_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_listen_keys" ADD CONSTRAINT "api_listen_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_listen_keys_api_key_idx" ON "api_listen_keys" USING btree ("api_key_id");
