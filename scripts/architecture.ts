/**
 * npm run docs:architecture — draws the layers picture of docs/architecture.md from the code
 * (scripts/layers-picture.ts). scripts/layers-picture.test.ts fails when the picture in the doc is not current.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../src/contract/root.js";
import { cruiseProduct, renderPicture, withPicture } from "./layers-picture.js";

const path = join(packageRoot(), "docs", "architecture.md");
const { modules, layers } = await cruiseProduct();
writeFileSync(path, withPicture(readFileSync(path, "utf8"), renderPicture(modules, layers)));
console.log("wrote docs/architecture.md");
