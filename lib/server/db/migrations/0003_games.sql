CREATE TABLE "favorite_games" (
	"user_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_games_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"logo" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "game_providers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"section" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"platforms" text[] DEFAULT '{desktop,mobile}'::text[] NOT NULL,
	"rtp" text NOT NULL,
	"btc_value" text NOT NULL,
	"icon" text NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"release_date" text NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "games_game_id_unique" UNIQUE("game_id"),
	CONSTRAINT "games_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "recent_games" (
	"user_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_games_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_section_idx" ON "games" USING btree ("section","popularity");--> statement-breakpoint
CREATE INDEX "games_provider_idx" ON "games" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "recent_games_user_idx" ON "recent_games" USING btree ("user_id","played_at");--> statement-breakpoint
-- Search (issue: games catalog): accent- and case-insensitive, typo-tolerant, in the database.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fill_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := search_normalize(NEW.name);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER games_search_text BEFORE INSERT OR UPDATE OF name ON "games"
  FOR EACH ROW EXECUTE FUNCTION fill_search_text();--> statement-breakpoint
CREATE TRIGGER game_providers_search_text BEFORE INSERT OR UPDATE OF name ON "game_providers"
  FOR EACH ROW EXECUTE FUNCTION fill_search_text();--> statement-breakpoint
CREATE INDEX "games_search_trgm_idx" ON "games" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "game_providers_search_trgm_idx" ON "game_providers" USING gin ("search_text" gin_trgm_ops);
