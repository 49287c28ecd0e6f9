import type { ProductSortColumn } from "@certame/domain";
import { apiPost } from "../../api/client";
import { apiDownload, apiUpload } from "../../api/files";

export interface Product {
  id: string;
  code: number;
  name: string;
  technicalDescription: string;
  isBasicProductiveIncentive: boolean;
  createdDate?: string;
}

export interface ProductListQuery {
  searchParameters?: string;
  page: number;
  orderByColumn: ProductSortColumn;
  sortOrder: "ASC" | "DESC";
}

export const listProducts = (query: ProductListQuery) =>
  apiPost<{ products: Product[]; limitResult: number; total: number; totalIsLowerBound?: boolean }>(
    "app/product/list",
    query,
  );

export const createProduct = (data: {
  name: string;
  technicalDescription: string;
  isBasicProductiveIncentive: boolean;
}) => apiPost<Product[]>("app/product/create", { productsData: [data] }).then((rows) => rows[0] as Product);

export const importProducts = (file: File) => apiUpload<unknown>("app/product/import", file);

export const downloadProductTemplate = () =>
  apiDownload("app/product/getProductTemplate", {}, "modelo-produtos.xlsx");

export interface SimilarProduct {
  id: string;
  code: number;
  name: string;
  /** pg_trgm similarity of the folded names, 0 to 1. */
  similarity: number;
}

/** Products of the catalogue with a name near `name` (trigram similarity), most similar first. */
export const listSimilarProducts = (name: string) =>
  apiPost<{ products: SimilarProduct[] }>("app/product/similar", { name }).then((r) => r.products);
