// The Mantine components' styles outside the first load (mantine-shell.css has its own), loaded
// with every page outside it (routes.tsx) before the page's own CSS, as with the whole stylesheet.
import "./mantine-rest.css";
