-- Whether each (currency, network)'s on-chain reserves are short of the customers' balances, as the
-- reconciliation job last alerted staff (docs/decisions/0067-custody-alerts.md): one row each, flipped by
-- a conditional UPDATE, so only the instance whose pass flips it notifies, once per transition.
CREATE TABLE "custody_alerts" (
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"short" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custody_alerts_currency_network_pk" PRIMARY KEY("currency","network")
);
