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
  apiPost<{ products: Product[]; limitResult: number; total: number }>("app/product/list", query);

export const createProduct = (data: {
  name: string;
  technicalDescription: string;
  isBasicProductiveIncentive: boolean;
}) => apiPost<Product[]>("app/product/create", { productsData: [data] }).then((rows) => rows[0] as Product);

export const importProducts = (file: File) => apiUpload<unknown>("app/product/import", file);

export const downloadProductTemplate = () =>
  apiDownload("app/product/getProductTemplate", {}, "modelo-produtos.xlsx");
