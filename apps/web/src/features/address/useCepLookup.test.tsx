import { act, renderHook, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { useCepLookup } from "./useCepLookup";

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUTE = "POST /api/integrations/getAddressByPostalCode";
const SE = {
  postalCode: "01001000",
  street: "Praça da Sé",
  complement: "lado ímpar",
  district: "Sé",
  city: "São Paulo",
  state: "SP",
  ibgeCode: "3550308",
};
const CITY_WIDE = {
  postalCode: "69945000",
  street: null,
  complement: null,
  district: null,
  city: "Acrelândia",
  state: "AC",
  ibgeCode: "1200013",
};

const lookups = (calls: { path: string }[]) => calls.filter((c) => c.path.endsWith("getAddressByPostalCode"));

function lookupOf(initial: string) {
  return renderHook(({ cep }) => useCepLookup(cep), { initialProps: { cep: initial }, wrapper: StrictMode });
}

describe("useCepLookup (§2.17, §5 'CNPJ and CEP', §8)", () => {
  it("waits for the complete CEP, asks once, and gives the address with the fields it locks", async () => {
    const api = mockApi({
      [ROUTE]: (body) => ({
        body: (body as { postalCode: string }).postalCode === "01001-000" ? SE : CITY_WIDE,
      }),
    });
    const hook = lookupOf("");
    for (const typed of ["0", "0100", "01001-", "01001-00"]) {
      hook.rerender({ cep: typed });
      expect(hook.result.current).toEqual({ address: null, error: null, loading: false, locked: [] });
    }
    hook.rerender({ cep: "01001-000" });
    expect(hook.result.current.loading).toBe(true);
    await waitFor(() => expect(hook.result.current.address).toEqual(SE));
    expect(hook.result.current).toMatchObject({
      error: null,
      loading: false,
      locked: ["street", "district", "city", "state"],
    });
    hook.rerender({ cep: "01001-000" });
    expect(lookups(api.calls)).toEqual([
      { method: "POST", path: "/api/integrations/getAddressByPostalCode", body: { postalCode: "01001-000" } },
    ]);

    // Another CEP: a new lookup; a city-wide CEP leaves street and district to the user.
    hook.rerender({ cep: "69945-000" });
    expect(hook.result.current.address).toBeNull();
    await waitFor(() => expect(hook.result.current.address).toEqual(CITY_WIDE));
    expect(hook.result.current.locked).toEqual(["city", "state"]);

    // Editing the CEP drops the address and its locks.
    hook.rerender({ cep: "69945-00" });
    expect(hook.result.current).toEqual({ address: null, error: null, loading: false, locked: [] });
    expect(lookups(api.calls)).toHaveLength(2);
  });

  it("reports a CEP the service does not know: 'Não encontrado' / 'Erro ao localizar dados do CEP', field 'CEP inválido'", async () => {
    mockApi({ [ROUTE]: () => ({ status: 404, body: { message: "Não encontrado" } }) });
    const hook = lookupOf("99999-999");
    await waitFor(() => expect(hook.result.current.error).not.toBeNull());
    expect(hook.result.current).toEqual({
      address: null,
      loading: false,
      locked: [],
      error: {
        kind: "notFound",
        fieldMessage: "CEP inválido",
        title: "Não encontrado",
        message: "Erro ao localizar dados do CEP",
      },
    });
  });

  it("reports a failing service or connection as unavailable, and asks again when the CEP is typed again", async () => {
    let status = 503;
    const api = mockApi({
      [ROUTE]: () =>
        status === 200 ? { body: SE } : { status, body: { message: "Erro ao localizar dados do CEP" } },
    });
    const hook = lookupOf("01001-000");
    await waitFor(() => expect(hook.result.current.error?.kind).toBe("unavailable"));
    expect(hook.result.current.error?.fieldMessage).toBe("CEP inválido");

    status = 200;
    hook.rerender({ cep: "01001-00" });
    expect(hook.result.current.error).toBeNull();
    hook.rerender({ cep: "01001-000" });
    expect(hook.result.current).toEqual({ address: null, error: null, loading: true, locked: [] });
    await waitFor(() => expect(hook.result.current.address).toEqual(SE));
    expect(lookups(api.calls)).toHaveLength(2);

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    hook.rerender({ cep: "01310-100" });
    await waitFor(() => expect(hook.result.current.error?.kind).toBe("unavailable"));
  });

  it("drops an answer that arrives after the CEP changed", async () => {
    let release: (value: Response) => void = () => {};
    const slow = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      const { postalCode } = JSON.parse(String(init?.body)) as { postalCode: string };
      if (postalCode === "01001-000") return slow;
      return Promise.resolve(
        new Response(JSON.stringify(CITY_WIDE), { headers: { "Content-Type": "application/json" } }),
      );
    });
    vi.stubGlobal("fetch", fetchMock);
    const hook = lookupOf("01001-000");
    hook.rerender({ cep: "69945-000" });
    await waitFor(() => expect(hook.result.current.address).toEqual(CITY_WIDE));
    await act(async () => {
      release(new Response(JSON.stringify(SE), { headers: { "Content-Type": "application/json" } }));
      await slow;
    });
    expect(hook.result.current.address).toEqual(CITY_WIDE);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
