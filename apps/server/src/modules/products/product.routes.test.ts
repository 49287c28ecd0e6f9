import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER, OTHER_BUYER, PRODUCT, SUPPLIER } from "../../../test/notice-fixture";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
let buyer: string;
let other: string;
let supplier: string;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, other, supplier] = await Promise.all([t.login(BUYER), t.login(OTHER_BUYER), t.login(SUPPLIER)]);
});
afterAll(() => t.close());

const product = (name: string, extra: object = {}) => ({
  name,
  technicalDescription: `Descrição de ${name}`,
  isBasicProductiveIncentive: false,
  ...extra,
});

function multipart(bytes: Buffer, filename: string) {
  const boundary = "----certametest";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("app/product (notices-and-accounts §2.14, §7 Products)", () => {
  it("creates products for the buyer's body and lists them with the shared catalogue", async () => {
    const res = await t.post(
      "/api/app/product/create",
      { productsData: [product("Grampeador metálico")] },
      buyer,
    );
    expect(res.statusCode).toBe(200);
    const [created] = res.json();
    expect(created).toMatchObject({
      name: "Grampeador metálico",
      isShared: false,
      isBasicProductiveIncentive: false,
    });
    expect(created.code).toBeGreaterThan(10);

    const list = (await t.post("/api/app/product/list", {}, buyer)).json();
    expect(list.limitResult).toBe(20);
    expect(list.total).toBe(11);
    const codes = list.products.map((p: { code: number }) => p.code);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));

    const newest = (await t.post("/api/app/product/list", { orderByColumn: "createdDate" }, buyer)).json();
    expect(newest.products[0].id).toBe(created.id);

    // Another body sees the shared catalogue only.
    const others = (await t.post("/api/app/product/list", {}, other)).json();
    expect(others.total).toBe(10);
    expect((await t.post("/api/app/product/read", { id: created.id }, other)).statusCode).toBe(404);
    expect((await t.post("/api/app/product/read", { id: created.id }, buyer)).json().name).toBe(
      "Grampeador metálico",
    );
  });

  it("searches ignoring case and accents, by code too, and pages", async () => {
    const res = (await t.post("/api/app/product/list", { searchParameters: "ALCOOL" }, buyer)).json();
    expect(res.products.map((p: { name: string }) => p.name)).toEqual(["Álcool etílico 70% 1 litro"]);
    const byCode = (
      await t.post("/api/app/product/list", { searchParameters: String(res.products[0].code) }, buyer)
    ).json();
    expect(byCode.products.map((p: { id: string }) => p.id)).toContain(res.products[0].id);
    const page2 = (
      await t.post(
        "/api/app/product/list",
        { limit: 4, page: 2, orderByColumn: "name", sortOrder: "DESC" },
        buyer,
      )
    ).json();
    const all = (
      await t.post("/api/app/product/list", { limit: 100, orderByColumn: "name", sortOrder: "DESC" }, buyer)
    ).json();
    expect(page2.products.map((p: { id: string }) => p.id)).toEqual(
      all.products.slice(4, 8).map((p: { id: string }) => p.id),
    );
  });

  it("refuses over-limit and missing fields with the properties shape", async () => {
    const res = await t.post(
      "/api/app/product/create",
      {
        productsData: [
          product("ok"),
          { name: "x".repeat(1001), technicalDescription: "y".repeat(5001) },
          { name: "" },
        ],
      },
      buyer,
    );
    expect(res.statusCode).toBe(400);
    const props = res
      .json()
      .properties.map((p: { property: string }) => p.property)
      .sort();
    expect(props).toEqual([
      "productsData.1.name",
      "productsData.1.technicalDescription",
      "productsData.2.name",
      "productsData.2.technicalDescription",
    ]);
    const atLimit = await t.post(
      "/api/app/product/create",
      {
        productsData: [
          {
            name: "n".repeat(1000),
            technicalDescription: "d".repeat(5000),
            isBasicProductiveIncentive: true,
          },
        ],
      },
      buyer,
    );
    expect(atLimit.statusCode).toBe(200);
  });

  it("lets only buyers in, and only the owner edit or delete", async () => {
    expect((await t.post("/api/app/product/list", {}, supplier)).statusCode).toBe(403);
    expect(
      (await t.post("/api/app/product/create", { productsData: [product("x")] }, supplier)).statusCode,
    ).toBe(403);
    expect((await t.post("/api/app/product/list", {})).statusCode).toBe(401);
    const [mine] = (
      await t.post("/api/app/product/create", { productsData: [product("Clipe nº 2")] }, buyer)
    ).json();

    const foreign = await t.post(
      "/api/app/product/edit",
      { productsData: [{ ...product("Outro"), id: mine.id }] },
      other,
    );
    expect(foreign.statusCode).toBe(404);
    const shared = await t.post(
      "/api/app/product/edit",
      { productsData: [{ ...product("Outro"), id: PRODUCT(0) }] },
      buyer,
    );
    expect(shared.statusCode).toBe(403);
    expect(
      (await t.post("/api/app/product/delete", { productsData: [{ id: mine.id }] }, other)).statusCode,
    ).toBe(404);

    const edited = await t.post(
      "/api/app/product/edit",
      { productsData: [{ ...product("Clipe nº 4"), id: mine.id }] },
      buyer,
    );
    expect(edited.json()[0].name).toBe("Clipe nº 4");
    expect(
      (await t.post("/api/app/product/delete", { productsData: [{ id: mine.id }] }, buyer)).statusCode,
    ).toBe(200);
    expect((await t.post("/api/app/product/read", { id: mine.id }, buyer)).statusCode).toBe(404);
    const search = (await t.post("/api/app/product/list", { searchParameters: "clipe" }, buyer)).json();
    expect(search.total).toBe(0);
  });

  it("serves the template and imports it back; anything but an .xlsx is 415", async () => {
    const tpl = await t.post("/api/app/product/getProductTemplate", {}, buyer);
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers["x-suggested-filename"]).toBe("modelo-catalogo-de-produtos.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).getCell(1).value).toBe("Nome do produto/serviço");
    sheet.addRow(["Pincel atômico azul", "Pincel marcador permanente, ponta redonda.", "Sim"]);
    sheet.addRow(["Fita adesiva", "Fita adesiva transparente 12 mm x 40 m.", ""]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await t.app.inject({
      method: "POST",
      url: "/api/app/product/import",
      ...multipart(bytes, "produtos.xlsx"),
      headers: { ...multipart(bytes, "x").headers, authorization: `Bearer ${buyer}` },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .products.map((p: { name: string; isBasicProductiveIncentive: boolean }) => [
          p.name,
          p.isBasicProductiveIncentive,
        ]),
    ).toEqual([
      ["Pincel atômico azul", true],
      ["Fita adesiva", false],
    ]);

    sheet.addRow(["", "sem nome", "Talvez"]);
    const bad = Buffer.from(await wb.xlsx.writeBuffer());
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/app/product/import",
      ...multipart(bad, "produtos.xlsx"),
      headers: { ...multipart(bad, "x").headers, authorization: `Bearer ${buyer}` },
    });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .properties.map((p: { property: string }) => p.property)
        .sort(),
    ).toEqual(["linha 4.isBasicProductiveIncentive", "linha 4.name"]);

    for (const [name, content] of [
      ["produtos.xlsx", Buffer.from("%PDF-1.4 not a sheet")],
      ["produtos.xlsx", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)])],
    ] as const) {
      const r = await t.app.inject({
        method: "POST",
        url: "/api/app/product/import",
        ...multipart(content, name),
        headers: { ...multipart(content, name).headers, authorization: `Bearer ${buyer}` },
      });
      expect(r.statusCode).toBe(415);
    }
  });
});

describe("app/product/similar (issue 12: near-duplicate names before adding)", () => {
  it("finds the buyer's and the shared products with a near name (trigram similarity), most similar first", async () => {
    const created = await t.post(
      "/api/app/product/create",
      { productsData: [product("Caneta esferográfica azul ponta fina")] },
      buyer,
    );
    expect(created.statusCode).toBe(200);
    const res = await t.post(
      "/api/app/product/similar",
      { name: "caneta esferografica azul ponta fina." },
      buyer,
    );
    expect(res.statusCode).toBe(200);
    const { products } = res.json() as { products: { name: string; similarity: number; code: number }[] };
    expect(products[0]).toMatchObject({ name: "Caneta esferográfica azul ponta fina" });
    expect(products[0]?.similarity).toBeGreaterThan(0.8);
    expect(products.every((p) => p.similarity >= 0.45)).toBe(true);

    const unrelated = await t.post("/api/app/product/similar", { name: "Serviço de dedetização" }, buyer);
    expect((unrelated.json() as { products: { name: string }[] }).products.map((p) => p.name)).not.toContain(
      "Caneta esferográfica azul ponta fina",
    );
    // Another body does not see this buyer's product.
    const others = await t.post(
      "/api/app/product/similar",
      { name: "Caneta esferográfica azul ponta fina" },
      other,
    );
    expect((others.json() as { products: { name: string }[] }).products.map((p) => p.name)).not.toContain(
      "Caneta esferográfica azul ponta fina",
    );
    expect((await t.post("/api/app/product/similar", { name: " " }, buyer)).statusCode).toBe(400);
  });
});
