CREATE TABLE "demand_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "demand_categories_description_unique" UNIQUE("description")
);
--> statement-breakpoint
CREATE TABLE "demand_formalization_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"demand_formalization_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"item" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"measurement_unit_code" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demand_formalization_batches_positive" CHECK ("demand_formalization_batches"."number" > 0 AND "demand_formalization_batches"."item" > 0 AND "demand_formalization_batches"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "demand_formalization_categories" (
	"demand_formalization_id" uuid NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "demand_formalization_categories_demand_formalization_id_category_id_pk" PRIMARY KEY("demand_formalization_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "demand_formalizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"expected_completion_date" date,
	"hiring_plan_process_number" text,
	"description" text,
	"priority" text,
	"priority_justification" text,
	"need_of_hiring_justification" text,
	"demand_formalization_binding" text[] DEFAULT '{}' NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demand_formalizations_process_id_unique" UNIQUE("process_id")
);
--> statement-breakpoint
CREATE TABLE "preliminary_technical_studies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"number" text,
	"is_rejected_from_the_process" boolean,
	"exemption_justification" text,
	"description" text,
	"modality" text,
	"sub_modality" text,
	"service_kind" text,
	"description_hiring_requirements" text,
	"market_research" text,
	"solution_description" text,
	"quantity_estimates" text,
	"estimate_contract_value" text,
	"justification" text,
	"hiring" text,
	"contracting_and_planning_alignment" text,
	"intended_results" text,
	"measures_to_take" text,
	"environmental_impacts" text,
	"feasibility_justification" text,
	"vulnerability_statement_kind" text,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preliminary_technical_studies_process_id_unique" UNIQUE("process_id")
);
--> statement-breakpoint
CREATE TABLE "preliminary_technical_study_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"description" text,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_responsibles" (
	"process_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	CONSTRAINT "process_responsibles_process_id_staff_id_pk" PRIMARY KEY("process_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "risk_management_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"risk_management_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"description" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_management_risk_responsibles" (
	"risk_management_risk_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	CONSTRAINT "risk_management_risk_responsibles_risk_management_risk_id_staff_id_pk" PRIMARY KEY("risk_management_risk_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "risk_management_risks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"risk_management_id" uuid NOT NULL,
	"risk_id" uuid NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_managements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"number" text,
	"can_dispense_risk" boolean DEFAULT false NOT NULL,
	"justification" text,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_managements_process_id_unique" UNIQUE("process_id")
);
--> statement-breakpoint
CREATE TABLE "risks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"description" text NOT NULL,
	"cause" text NOT NULL,
	"phase" text NOT NULL,
	"allocation" text NOT NULL,
	"probability" text NOT NULL,
	"impact" text NOT NULL,
	"level" text NOT NULL,
	"disclose" boolean NOT NULL,
	"possible_impacts" text NOT NULL,
	"preventive_actions" text NOT NULL,
	"contingency_actions" text NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demand_formalization_batches" ADD CONSTRAINT "demand_formalization_batches_demand_formalization_id_demand_formalizations_id_fk" FOREIGN KEY ("demand_formalization_id") REFERENCES "public"."demand_formalizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_formalization_batches" ADD CONSTRAINT "demand_formalization_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_formalization_batches" ADD CONSTRAINT "demand_formalization_batches_measurement_unit_code_measurement_units_code_fk" FOREIGN KEY ("measurement_unit_code") REFERENCES "public"."measurement_units"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_formalization_categories" ADD CONSTRAINT "demand_formalization_categories_demand_formalization_id_demand_formalizations_id_fk" FOREIGN KEY ("demand_formalization_id") REFERENCES "public"."demand_formalizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_formalization_categories" ADD CONSTRAINT "demand_formalization_categories_category_id_demand_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."demand_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_formalizations" ADD CONSTRAINT "demand_formalizations_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preliminary_technical_studies" ADD CONSTRAINT "preliminary_technical_studies_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preliminary_technical_study_documents" ADD CONSTRAINT "preliminary_technical_study_documents_study_id_preliminary_technical_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."preliminary_technical_studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preliminary_technical_study_documents" ADD CONSTRAINT "preliminary_technical_study_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_responsibles" ADD CONSTRAINT "process_responsibles_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_responsibles" ADD CONSTRAINT "process_responsibles_staff_id_buyer_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."buyer_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_management_documents" ADD CONSTRAINT "risk_management_documents_risk_management_id_risk_managements_id_fk" FOREIGN KEY ("risk_management_id") REFERENCES "public"."risk_managements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_management_documents" ADD CONSTRAINT "risk_management_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_management_risk_responsibles" ADD CONSTRAINT "risk_management_risk_responsibles_risk_management_risk_id_risk_management_risks_id_fk" FOREIGN KEY ("risk_management_risk_id") REFERENCES "public"."risk_management_risks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_management_risk_responsibles" ADD CONSTRAINT "risk_management_risk_responsibles_staff_id_buyer_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."buyer_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_management_risks" ADD CONSTRAINT "risk_management_risks_risk_management_id_risk_managements_id_fk" FOREIGN KEY ("risk_management_id") REFERENCES "public"."risk_managements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_management_risks" ADD CONSTRAINT "risk_management_risks_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_managements" ADD CONSTRAINT "risk_managements_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demand_formalization_batches_lot_item_key" ON "demand_formalization_batches" USING btree ("demand_formalization_id","number","item");--> statement-breakpoint
CREATE INDEX "preliminary_technical_study_documents_study_idx" ON "preliminary_technical_study_documents" USING btree ("study_id");--> statement-breakpoint
CREATE INDEX "risk_management_documents_rm_idx" ON "risk_management_documents" USING btree ("risk_management_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_management_risks_key" ON "risk_management_risks" USING btree ("risk_management_id","risk_id");--> statement-breakpoint
CREATE INDEX "risks_buyer_idx" ON "risks" USING btree ("buyer_id","created_date");