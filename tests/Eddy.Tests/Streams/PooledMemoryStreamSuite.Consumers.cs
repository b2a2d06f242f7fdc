using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;

namespace Eddy.Tests.Streams;

// Real consumers of Stream: compression, zip archives, JSON, text readers and writers.
public abstract partial class PooledMemoryStreamSuite
{
    [Fact]
    public void GZipStream_round_trips()
    {
        byte[] data = Compressible(300_000);
        using PooledMemoryStream compressed = CreateStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(data);
        }

        compressed.Position = 0;
        using PooledMemoryStream restored = CreateStream();
        using (var gzip = new GZipStream(compressed, CompressionMode.Decompress, leaveOpen: true))
        {
            gzip.CopyTo(restored);
        }

        Assert.Equal(data, restored.ToArray());
    }

    [Fact]
    public async Task BrotliStream_round_trips_asynchronously()
    {
        byte[] data = Compressible(200_000);
        using PooledMemoryStream compressed = CreateStream();
        await using (var brotli = new BrotliStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
        {
            await brotli.WriteAsync(data);
        }

        compressed.Position = 0;
        using PooledMemoryStream restored = CreateStream();
        await using (var brotli = new BrotliStream(compressed, CompressionMode.Decompress, leaveOpen: true))
        {
            await brotli.CopyToAsync(restored);
        }

        Assert.Equal(data, restored.ToArray());
    }

    [Fact]
    public void ZipArchive_in_Update_mode_edits_an_archive_in_place()
    {
        using PooledMemoryStream stream = CreateStream();
        using (var zip = new ZipArchive(stream, ZipArchiveMode.Create, leaveOpen: true))
        {
            for (int i = 0; i < 5; i++)
            {
                using Stream entry = zip.CreateEntry($"file{i}.bin").Open();
                entry.Write(Compressible(20_000 + i));
            }
        }

        using (var zip = new ZipArchive(stream, ZipArchiveMode.Update, leaveOpen: true))
        {
            zip.GetEntry("file1.bin")!.Delete();
            using (Stream entry = zip.GetEntry("file2.bin")!.Open())
            {
                entry.SetLength(0);
                entry.Write(Encoding.UTF8.GetBytes("replaced"));
            }

            using Stream added = zip.CreateEntry("added.txt").Open();
            added.Write(Encoding.UTF8.GetBytes("new entry"));
        }

        stream.Position = 0;
        using var read = new ZipArchive(stream, ZipArchiveMode.Read, leaveOpen: true);
        Assert.Equal(new[] { "added.txt", "file0.bin", "file2.bin", "file3.bin", "file4.bin" }, read.Entries.Select(e => e.FullName).Order());
        Assert.Equal("replaced", ReadText(read.GetEntry("file2.bin")!));
        Assert.Equal("new entry", ReadText(read.GetEntry("added.txt")!));
        using var copy = new MemoryStream();
        read.GetEntry("file4.bin")!.Open().CopyTo(copy);
        Assert.Equal(Compressible(20_004), copy.ToArray());
    }

    [Fact]
    public async Task JsonSerializer_round_trips_asynchronously()
    {
        var value = Enumerable.Range(0, 5_000).ToDictionary(i => $"key{i}", i => new List<int> { i, i * 2, i * 3 });
        using PooledMemoryStream stream = CreateStream();
        await JsonSerializer.SerializeAsync(stream, value);
        stream.Position = 0;
        Dictionary<string, List<int>>? back = await JsonSerializer.DeserializeAsync<Dictionary<string, List<int>>>(stream);
        Assert.NotNull(back);
        Assert.Equal(value.Count, back.Count);
        Assert.Equal(value["key4321"], back["key4321"]);
        Assert.Equal(JsonSerializer.SerializeToUtf8Bytes(value), stream.ToArray());
    }

    [Fact]
    public void StreamWriter_and_StreamReader_round_trip_text()
    {
        string[] lines = Enumerable.Range(0, 10_000).Select(i => $"line {i}: żółć ✓ {new string('x', i % 50)}").ToArray();
        using PooledMemoryStream stream = CreateStream();
        using (var writer = new StreamWriter(stream, Encoding.UTF8, bufferSize: 1024, leaveOpen: true))
        {
            foreach (string line in lines)
            {
                writer.WriteLine(line);
            }
        }

        stream.Seek(0, SeekOrigin.Begin);
        using var reader = new StreamReader(stream, Encoding.UTF8, detectEncodingFromByteOrderMarks: true, bufferSize: 777, leaveOpen: true);
        var read = new List<string>();
        while (reader.ReadLine() is { } line)
        {
            read.Add(line);
        }

        Assert.Equal(lines, read);
    }

    private static byte[] Compressible(int length)
    {
        var bytes = new byte[length];
        for (int i = 0; i < bytes.Length; i++)
        {
            bytes[i] = unchecked((byte)((i * 7 / 13) ^ (i >> 9)));
        }

        return bytes;
    }

    private static string ReadText(ZipArchiveEntry entry)
    {
        using var reader = new StreamReader(entry.Open());
        return reader.ReadToEnd();
    }
}
