// The whole of Mantine's stylesheet, loaded with every page outside the first load (routes.tsx):
// the first load has only its components' files (mantine-shell.css). Same `mantine` layer, so the
// repeated rules change nothing.
import "@mantine/core/styles.layer.css";
