import { describe, expect, it } from "vitest";
import { farFromBest, farFromBestText } from "./bid-guard";

describe("farFromBest", () => {
  it("a bid 50% or more below the best of a lowest-price lot", () => {
    expect(farFromBest(1, 150, "LOWEST_PRICE")).toEqual({
      percent: expect.closeTo(99.33, 2),
      direction: "abaixo",
    });
    expect(farFromBest(75, 150, "LOWEST_PRICE")).toEqual({ percent: 50, direction: "abaixo" });
    expect(farFromBest(76, 150, "LOWEST_PRICE")).toBeNull();
    expect(farFromBest(149, 150, "LOWEST_PRICE")).toBeNull();
  });

  it("50% or more above the best for the biggest price or discount", () => {
    expect(farFromBest(300, 200, "BIGGEST_PRICE")).toEqual({ percent: 50, direction: "acima" });
    expect(farFromBest(250, 200, "BIGGEST_PRICE")).toBeNull();
    expect(farFromBest(30, 10, "BIGGEST_DISCOUNT")?.direction).toBe("acima");
  });

  it("nothing to compare with: no confirmation", () => {
    expect(farFromBest(1, null, "LOWEST_PRICE")).toBeNull();
    expect(farFromBest(1, 0, "LOWEST_PRICE")).toBeNull();
  });
});

describe("farFromBestText", () => {
  it("names the value and how far below the best it is", () => {
    const far = farFromBest(1, 150, "LOWEST_PRICE");
    expect(far && farFromBestText(1, 150, far, "PRICE", 2)).toBe(
      "O lance de R$ 0,01 está 99,33 % abaixo do melhor lance do lote (R$ 1,50). Deseja mesmo enviar este lance?",
    );
  });
});
