CREATE TABLE "pin_directory" (
	"pin" text NOT NULL,
	"district" text NOT NULL,
	"state" text NOT NULL,
	CONSTRAINT "pin_directory_pin_district_state_pk" PRIMARY KEY("pin","district","state")
);
