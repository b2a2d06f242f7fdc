using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Unicode;

namespace Eddy.ServiceBenchmark;

/// <summary>One row of the data the service exports: an order, as a JSON object or a CSV line.</summary>
public sealed record Order(int Id, string Customer, DateTime Created, decimal Total, string Status, int Items);

/// <summary>Source-generated JSON metadata, as a trimmed service would have it.</summary>
[JsonSerializable(typeof(Order[]))]
[JsonSerializable(typeof(Order))]
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
public sealed partial class ServiceJsonContext : JsonSerializerContext;

/// <summary>
/// The deterministic payloads both sides build: the server serves them, the load generator computes what it must
/// receive from the same code.
/// </summary>
public static class Payloads
{
    private static readonly string[] s_statuses = ["new", "paid", "shipped", "delivered", "returned"];
    private static readonly ConcurrentDictionary<(string, int), Order[]> s_orders = new();

    /// <summary>The orders whose JSON array is about <paramref name="bytes"/> long (never shorter).</summary>
    public static Order[] ForJson(int bytes) => s_orders.GetOrAdd(("json", bytes), static key => Fit(key.Item2, JsonLength, fixedLength: 1));

    /// <summary>The orders whose CSV (header included) is about <paramref name="bytes"/> long (never shorter).</summary>
    public static Order[] ForCsv(int bytes) => s_orders.GetOrAdd(("csv", bytes), static key => Fit(key.Item2, CsvLength, fixedLength: CsvHeader.Length));

    private static ReadOnlySpan<byte> CsvHeader => "id,customer,created,total,status,items\n"u8;

    /// <summary>The JSON of <paramref name="orders"/>, as the json endpoint serializes it.</summary>
    public static void WriteJson(Stream destination, Order[] orders) =>
        JsonSerializer.Serialize(destination, orders, ServiceJsonContext.Default.OrderArray);

    /// <summary>Writes <paramref name="orders"/> as UTF-8 CSV lines, through a pooled scratch buffer, into <paramref name="destination"/>.</summary>
    public static void WriteCsv(Stream destination, Order[] orders)
    {
        byte[] scratch = ArrayPool<byte>.Shared.Rent(16 << 10);
        try
        {
            CsvHeader.CopyTo(scratch);
            int used = CsvHeader.Length;
            foreach (Order order in orders)
            {
                int written;
                while (!Utf8.TryWrite(
                    scratch.AsSpan(used),
                    CultureInfo.InvariantCulture,
                    $"{order.Id},{order.Customer},{order.Created:O},{order.Total},{order.Status},{order.Items}\n",
                    out written))
                {
                    destination.Write(scratch, 0, used);
                    used = 0;
                }

                used += written;
            }

            destination.Write(scratch, 0, used);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    /// <summary>
    /// An upload body of exactly <paramref name="bytes"/> bytes: text lines of varying length, so the server's
    /// second pass (counting lines) has something to count.
    /// </summary>
    public static byte[] Upload(int bytes)
    {
        var body = new byte[bytes];
        uint state = 2463534242;
        int lineLength = 0;
        for (int i = 0; i < body.Length; i++)
        {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            if (lineLength > 20 && state % 61 == 0)
            {
                body[i] = (byte)'\n';
                lineLength = 0;
                continue;
            }

            body[i] = (byte)('a' + (state % 26));
            lineLength++;
        }

        return body;
    }

    private static Order Create(int i) => new(
        Id: 100_000 + i,
        Customer: "customer-" + (i * 7919 % 5000).ToString(CultureInfo.InvariantCulture),
        Created: new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddMinutes(i * 37),
        Total: (i * 1237 % 100_000) / 100m,
        Status: s_statuses[i % s_statuses.Length],
        Items: 1 + (i % 9));

    // The fewest orders whose encoding reaches the target length: each order's own length, summed.
    private static Order[] Fit(int bytes, Func<Order, int> length, int fixedLength)
    {
        var orders = new List<Order>();
        long total = fixedLength;
        while (total < bytes)
        {
            Order order = Create(orders.Count);
            total += length(order);
            orders.Add(order);
        }

        return [.. orders];
    }

    // An array's JSON is its orders' JSON, comma-separated, in brackets: one comma per order counts the closing bracket.
    private static int JsonLength(Order order) => JsonSerializer.SerializeToUtf8Bytes(order, ServiceJsonContext.Default.Order).Length + 1;

    private static int CsvLength(Order order)
    {
        using var buffer = new MemoryStream();
        WriteCsv(buffer, [order]);
        return (int)buffer.Length - CsvHeader.Length;
    }
}
