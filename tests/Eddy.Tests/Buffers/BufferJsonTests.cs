using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json;
using Eddy.Buffers;
using Eddy.Tests.Buffers.Infrastructure;

namespace Eddy.Tests.Buffers;

/// <summary>Utf8JsonWriter and JsonSerializer write a large document into each writer; it parses back equal.</summary>
public class BufferJsonTests
{
    public sealed record Order(int Id, string Customer, double Total, List<string> Lines, DateTime Placed);

    private static List<Order> Orders() =>
        Enumerable.Range(0, 5000).Select(i => new Order(
            i,
            "customer \u00e9\u4e2d " + i,
            i * 1.25,
            Enumerable.Range(0, i % 7).Select(j => $"line {j} of {i}").ToList(),
            new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddMinutes(i))).ToList();

    [Fact]
    public void JsonSerializer_into_SegmentedBuffer_parses_back_equal()
    {
        var pool = new TrackingArrayPool<byte>();
        List<Order> orders = Orders();
        using (var buffer = new SegmentedBuffer<byte>(pool, 0, 0))
        {
            using (var json = new Utf8JsonWriter(buffer))
            {
                JsonSerializer.Serialize(json, orders);
            }

            Assert.True(buffer.Length > 500_000);
            Assert.True(buffer.ChunkCount > 3);
            var reader = new Utf8JsonReader(buffer.GetReadOnlySequence());
            List<Order> back = JsonSerializer.Deserialize<List<Order>>(ref reader)!;
            AssertEqual(orders, back);
            Assert.Equal(buffer.ToArray(), JsonSerializer.SerializeToUtf8Bytes(orders));
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void JsonSerializer_into_PooledBufferWriter_parses_back_equal()
    {
        var pool = new TrackingArrayPool<byte>();
        List<Order> orders = Orders();
        using (var writer = new PooledBufferWriter<byte>(pool, 0))
        {
            using (var json = new Utf8JsonWriter(writer))
            {
                JsonSerializer.Serialize(json, orders);
            }

            List<Order> back = JsonSerializer.Deserialize<List<Order>>(writer.WrittenSpan)!;
            AssertEqual(orders, back);
        }

        pool.AssertAllReturned();
    }

    [Fact]
    public void Utf8JsonWriter_into_both_writers_with_tiny_chunks_parses_back_equal()
    {
        var pool = new TrackingArrayPool<byte>();
        using (var buffer = new SegmentedBuffer<byte>(pool, 1, 64))
        using (var writer = new PooledBufferWriter<byte>(pool, 1))
        {
            WriteDocument(buffer);
            WriteDocument(writer);
            using JsonDocument fromBuffer = JsonDocument.Parse(buffer.GetReadOnlySequence());
            using JsonDocument fromWriter = JsonDocument.Parse(writer.WrittenMemory);
            Assert.Equal(20_000, fromBuffer.RootElement.GetArrayLength());
            for (int i = 0; i < 20_000; i += 997)
            {
                JsonElement item = fromBuffer.RootElement[i];
                Assert.Equal(i, item.GetProperty("id").GetInt32());
                Assert.Equal("name-" + i, item.GetProperty("name").GetString());
            }

            Assert.Equal(buffer.ToArray(), writer.WrittenSpan.ToArray());
        }

        pool.AssertAllReturned();
    }

    private static void WriteDocument(IBufferWriter<byte> output)
    {
        using var json = new Utf8JsonWriter(output);
        json.WriteStartArray();
        for (int i = 0; i < 20_000; i++)
        {
            json.WriteStartObject();
            json.WriteNumber("id", i);
            json.WriteString("name", "name-" + i);
            json.WriteBoolean("even", i % 2 == 0);
            json.WriteEndObject();
        }

        json.WriteEndArray();
    }

    private static void AssertEqual(List<Order> expected, List<Order> actual)
    {
        Assert.Equal(expected.Count, actual.Count);
        for (int i = 0; i < expected.Count; i++)
        {
            Assert.Equal(expected[i].Id, actual[i].Id);
            Assert.Equal(expected[i].Customer, actual[i].Customer);
            Assert.Equal(expected[i].Total, actual[i].Total);
            Assert.Equal(expected[i].Lines, actual[i].Lines);
            Assert.Equal(expected[i].Placed, actual[i].Placed);
        }
    }
}
