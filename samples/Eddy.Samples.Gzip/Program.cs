using System;
using System.Diagnostics;
using System.IO;
using System.IO.Compression;
using Eddy;
using Eddy.Pooling;
using Eddy.Samples.Gzip;

// Gzips a file through pooled memory and back, and checks the round trip byte for byte.
// Usage: Eddy.Samples.Gzip [file]; without a file it compresses a generated 4 MiB CSV in the temp folder.
var workFolder = Path.Combine(Path.GetTempPath(), "eddy-gzip-" + Guid.NewGuid().ToString("N"));
Directory.CreateDirectory(workFolder);
try
{
    var input = args.Length > 0 ? Path.GetFullPath(args[0]) : SampleFile.Generate(workFolder, bytes: 4 << 20);
    var gzipPath = Path.Combine(workFolder, Path.GetFileName(input) + ".gz");
    var watch = Stopwatch.StartNew();

    // Compress: file -> GZipStream -> PooledMemoryStream, copying through a pooled buffer; then to disk.
    using (var compressed = new PooledMemoryStream())
    {
        using (var source = File.OpenRead(input))
        using (var gzip = new GZipStream(compressed, CompressionLevel.Optimal, leaveOpen: true))
        {
            PooledCopy.Copy(source, gzip);
        }

        using var target = File.Create(gzipPath);
        compressed.WriteTo(target);
    }

    // Decompress: the .gz file -> GZipStream -> PooledMemoryStream (ReadFrom fills the stream's own arrays).
    using var restored = new PooledMemoryStream();
    using (var gzipFile = File.OpenRead(gzipPath))
    using (var gunzip = new GZipStream(gzipFile, CompressionMode.Decompress))
    {
        restored.ReadFrom(gunzip);
    }

    restored.Position = 0;
    using var original = File.OpenRead(input);
    var identical = PooledCopy.ContentEquals(original, restored);
    var inputLength = new FileInfo(input).Length;
    var gzipLength = new FileInfo(gzipPath).Length;
    Console.WriteLine($"input {inputLength:N0} bytes -> gzip {gzipLength:N0} bytes ({100.0 * gzipLength / inputLength:F1} %) -> restored {restored.Length:N0} bytes in {watch.ElapsedMilliseconds} ms");
    var pool = BlockPool.Shared.GetStatistics();
    Console.WriteLine($"BlockPool.Shared: {pool.RentedBlocks} blocks rented, {pool.ReturnedBlocks} returned ({pool.RentedBlocks - pool.ReturnedBlocks} still held by the restored stream), {pool.AllocatedBytes:N0} bytes allocated new");
    Console.WriteLine(identical ? "round trip verified: restored bytes equal the input" : "MISMATCH: restored bytes differ from the input");
    return identical ? 0 : 1;
}
finally
{
    Directory.Delete(workFolder, recursive: true);
}
