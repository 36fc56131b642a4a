CREATE TABLE "open_item_counts" (
	"user_id" integer NOT NULL,
	"current_state" text NOT NULL,
	"is_escalated" boolean NOT NULL,
	"is_on_hold" boolean NOT NULL,
	"waiting_customer_response" boolean NOT NULL,
	"items" integer NOT NULL,
	CONSTRAINT "open_item_counts_pkey" PRIMARY KEY("user_id","current_state","is_escalated","is_on_hold","waiting_customer_response")
);
--> statement-breakpoint
CREATE TABLE "open_item_due_counts" (
	"user_id" integer NOT NULL,
	"despatch_due_on" date NOT NULL,
	"items" integer NOT NULL,
	CONSTRAINT "open_item_due_counts_pkey" PRIMARY KEY("user_id","despatch_due_on")
);
