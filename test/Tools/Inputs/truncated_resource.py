"""Writes a module whose dense_resource blob holds N floats, cut off CUT
bytes into the blob's hex string: truncated_resource.py OUT N CUT
(CUT < 0: the whole module)."""
import sys

out, n, cut = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
head = """module {
  func.func @main() -> tensor<%dxf32> {
    %%0 = arith.constant dense_resource<blob1> : tensor<%dxf32>
    return %%0 : tensor<%dxf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      blob1: \"""" % (n, n, n)
blob = "0x04000000" + "0000803F" * n
text = head + blob + '"\n    }\n  }\n#-}\n'
with open(out, "w") as f:
    f.write(text if cut < 0 else text[:len(head) + cut])
