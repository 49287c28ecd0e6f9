// Open data (issue 19 item 6; docs/decisions.md "Open data (OCDS 1.1)"): a published notice is the
// OCDS contracting process whose ocid is the publisher's prefix and the notice id.

/** The placeholder OCID prefix: ocds- and the publisher's code, registered with the Open Contracting Partnership. */
export const OCID_PREFIX = "ocds-certame";

export const ocidOf = (noticeId: string): string => `${OCID_PREFIX}-${noticeId}`;

/** The public addresses of a process's open data: its record package and its release package. */
export const ocdsRecordPath = (noticeId: string): string => `/api/public/ocds/records/${ocidOf(noticeId)}`;
export const ocdsReleasesPath = (noticeId: string): string => `/api/public/ocds/releases/${ocidOf(noticeId)}`;
