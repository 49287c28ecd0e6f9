import {
  idSchema,
  productCreateSchema,
  productDeleteSchema,
  productEditSchema,
  productListSchema,
  productSimilarSchema,
} from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { receiveMultipartFile, sendWorkbook } from "../../files/spreadsheet";
import { parseBody } from "../../http/errors";
import { requireBuyer } from "../auth/auth.plugin";
import { PRODUCT_TEMPLATE_FILE_NAME, type ProductService } from "./product.service";

/** Product catalogue (notices-and-accounts §2.14, §7 "Products"): a buyer's own products plus the shared catalogue. */
export function productRoutes(app: FastifyInstance, products: ProductService) {
  app.post("/api/app/product/create", async (request) => {
    const { buyer } = requireBuyer(request);
    const { productsData } = parseBody(productCreateSchema, request.body);
    return products.create(buyer.id, productsData);
  });
  app.post("/api/app/product/list", async (request) => {
    const { buyer } = requireBuyer(request);
    return products.list(buyer.id, parseBody(productListSchema, request.body));
  });
  app.post("/api/app/product/similar", async (request) => {
    const { buyer } = requireBuyer(request);
    return products.similar(buyer.id, parseBody(productSimilarSchema, request.body).name);
  });
  app.post("/api/app/product/read", async (request) => {
    const { buyer } = requireBuyer(request);
    const { id } = parseBody(idSchema, { ...(request.query as object), ...(request.body as object) });
    return products.read(buyer.id, id);
  });
  app.post("/api/app/product/edit", async (request) => {
    const { buyer } = requireBuyer(request);
    return products.edit(buyer.id, parseBody(productEditSchema, request.body).productsData);
  });
  app.post("/api/app/product/delete", async (request) => {
    const { buyer } = requireBuyer(request);
    const { productsData } = parseBody(productDeleteSchema, request.body);
    return products.delete(
      buyer.id,
      productsData.map((p) => p.id),
    );
  });
  app.post("/api/app/product/import", async (request) => {
    const { buyer } = requireBuyer(request);
    const file = await receiveMultipartFile(request);
    return products.import(buyer.id, file.bytes);
  });
  app.post("/api/app/product/getProductTemplate", async (request, reply) => {
    requireBuyer(request);
    return sendWorkbook(reply, products.template(), PRODUCT_TEMPLATE_FILE_NAME);
  });
}
