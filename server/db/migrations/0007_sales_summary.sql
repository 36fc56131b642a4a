CREATE TABLE "sales_daily" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"delivery_region" text NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_day_type_delivery_region_pk" PRIMARY KEY("day","type","delivery_region")
);
--> statement-breakpoint
CREATE TABLE "sales_daily_orders" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
