import {
  buildReferenceTermDocument,
  type ReferenceTermDocument,
  type ReferenceTermDocumentInput,
  type ReferenceTermTemplate,
} from "@certame/domain";
import { Alert, Box, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useDeferredValue, useMemo } from "react";
import { REFERENCE_TERM_TEXTS as T } from "./texts";

export interface DocumentPreviewProps {
  template: ReferenceTermTemplate | undefined;
  /** The template is being fetched. */
  loading: boolean;
  /** The template could not be fetched. */
  failed: boolean;
  input: ReferenceTermDocumentInput;
}

type Built = { ok: true; document: ReferenceTermDocument } | { ok: false };

/**
 * 'Pré-visualização do Documento' (planning §2.10, §4 "every form change … updates the live
 * preview"): the server's template built with the saved data and the open step's live values, as
 * semantic HTML — one h2 per chapter, numbered paragraphs, fields and tables with headers.
 */
export function DocumentPreview({ template, loading, failed, input }: DocumentPreviewProps) {
  const deferred = useDeferredValue(input);
  const built = useMemo<Built | null>(() => {
    if (!template) return null;
    try {
      return { ok: true, document: buildReferenceTermDocument(template, deferred) };
    } catch {
      return { ok: false };
    }
  }, [template, deferred]);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="tr-preview-title">
      <Title order={2} size="h4" id="tr-preview-title" mb="sm">
        {T.preview}
      </Title>
      {loading ? (
        <Stack gap="xs" aria-busy="true" aria-label={T.previewLoading}>
          <Skeleton height={24} width="60%" />
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
          <Skeleton height={24} width="40%" mt="md" />
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      ) : failed || !built || !built.ok ? (
        <Alert color="red" role="alert">
          {T.previewError}
        </Alert>
      ) : (
        <DocumentView document={built.document} />
      )}
    </Paper>
  );
}

function DocumentView({ document }: { document: ReferenceTermDocument }) {
  return (
    <Box component="article" data-testid="reference-term-preview" style={{ wordBreak: "break-word" }}>
      <Title order={3} size="h5" ta="center" mb="sm">
        {document.title}
      </Title>
      <Table withTableBorder withColumnBorders fz="sm" mb="md">
        <Table.Tbody>
          {document.header.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" w="40%">
                {row.label}
              </Table.Th>
              <Table.Td>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {document.chapters.map((chapter) => (
        <Box component="section" key={chapter.code} mb="md">
          {/* One level below the document's title (h3), which sits under the panel's h2. */}
          <Title order={4} size="h5" mb={6}>
            {chapter.number}. {chapter.title}
          </Title>
          <Stack gap={6}>
            {chapter.blocks.map((block, index) => {
              const key = `${chapter.code}-${index}`;
              if (block.kind === "paragraph")
                return (
                  <Text key={key} size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    {block.number ? <strong>{block.number} </strong> : null}
                    {block.text}
                  </Text>
                );
              if (block.kind === "fields")
                return (
                  <Table key={key} withTableBorder fz="xs">
                    <Table.Tbody>
                      {block.rows.map((row, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: rows keep the document's order
                        <Table.Tr key={i}>
                          <Table.Th scope="row" w="45%">
                            {row.label}
                          </Table.Th>
                          <Table.Td style={{ whiteSpace: "pre-wrap" }}>{row.value}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                );
              return (
                <Box key={key} style={{ overflowX: "auto" }}>
                  <Table withTableBorder withColumnBorders fz="xs">
                    {block.title && (
                      <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>
                        {block.title}
                      </Table.Caption>
                    )}
                    <Table.Thead>
                      <Table.Tr>
                        {block.columns.map((column) => (
                          <Table.Th key={column} scope="col">
                            {column}
                          </Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {block.rows.map((row, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: rows keep the document's order
                        <Table.Tr key={i}>
                          {row.map((cell, j) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the columns
                            <Table.Td key={j}>{cell}</Table.Td>
                          ))}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Box>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
