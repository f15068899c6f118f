// Placeholder export surface; the matching core replaces it.
export function version(): i32 {
  return 1;
}
