import { PNCP_CONFORMITY_SNAPSHOT, type PncpConformityTables } from "@certame/domain";
import type { Clock } from "../../clock/clock";
import type { PncpPublisher } from "../../integrations/pncp/pncp-publisher";

/** The portal's tables are read again after a day; a failed read is tried again after an hour. */
export const PNCP_TABLES_TTL_MS = 24 * 3_600_000;
const RETRY_MS = 3_600_000;

/**
 * The conformity tables as the portal serves them (manual 5.18.2, 5.19.2, 5.22.2), kept in memory:
 * `current()` answers at once — inside a transaction, never waiting for the portal — with the last
 * tables read, or the repository copy until the first read, and starts a read when they are a day
 * old. Without a portal (the outbox) the repository copy is the table.
 */
export class PncpConformityCache {
  private tables: PncpConformityTables = PNCP_CONFORMITY_SNAPSHOT;
  private source: "snapshot" | "portal" = "snapshot";
  private nextReadAt = 0;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly publisher: PncpPublisher,
    private readonly clock: Clock,
    private readonly log?: (message: string) => void,
  ) {}

  current(): PncpConformityTables {
    if (this.clock().getTime() >= this.nextReadAt) void this.refresh();
    return this.tables;
  }

  get origin() {
    return this.source;
  }

  /** Reads the portal's tables now (one read at a time); keeps the current ones when it fails. */
  async refresh(): Promise<void> {
    this.reading ??= (async () => {
      const now = this.clock().getTime();
      try {
        const read = await this.publisher.fetchConformityTables();
        if (read) {
          this.tables = read;
          this.source = "portal";
        }
        this.nextReadAt = now + PNCP_TABLES_TTL_MS;
      } catch (error) {
        this.nextReadAt = now + RETRY_MS;
        this.log?.(`PNCP: tabelas de domínio indisponíveis, mantidas as atuais: ${(error as Error).message}`);
      }
    })().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }
}
