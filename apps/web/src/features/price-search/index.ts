// The standalone price search (/pesquisa-precos; planning §2.1 "Price research entry", §2.9; issue 35 item 4).
export { PriceSearchPage } from "./PriceSearchPage";
