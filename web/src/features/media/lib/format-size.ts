/** A file size in KB as SPEC.md §5 shows it: "245.3 KB". */
export function formatKB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
