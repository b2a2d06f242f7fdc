using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Security.Cryptography;
using Eddy.ServiceBenchmark.Server;

namespace Eddy.ServiceBenchmark.Load;

/// <summary>The three kinds of endpoint the service has.</summary>
public enum EndpointKind
{
    /// <summary>GET /json/{bytes}: a buffered JSON response with Content-Length and ETag.</summary>
    Json,

    /// <summary>POST /upload: the request body buffered and read twice.</summary>
    Upload,

    /// <summary>GET /export/{bytes}: CSV gzipped into a buffer before it is sent.</summary>
    Export,
}

/// <summary>One endpoint at one payload size, with how many requests the full mode sends it.</summary>
public sealed record EndpointCase(EndpointKind Kind, int Bytes, int FullRequests)
{
    /// <summary>The nine cases, in the order they run against each server.</summary>
    public static IReadOnlyList<EndpointCase> All { get; } =
    [
        new(EndpointKind.Json, 1 << 10, 20_000),
        new(EndpointKind.Json, 64 << 10, 5_000),
        new(EndpointKind.Json, 1 << 20, 1_000),
        new(EndpointKind.Upload, 16 << 10, 10_000),
        new(EndpointKind.Upload, 1 << 20, 1_000),
        new(EndpointKind.Upload, 32 << 20, 64),
        new(EndpointKind.Export, 1 << 10, 20_000),
        new(EndpointKind.Export, 64 << 10, 5_000),
        new(EndpointKind.Export, 1 << 20, 1_000),
    ];

    public string Endpoint => Kind switch
    {
        EndpointKind.Json => "json",
        EndpointKind.Upload => "upload",
        _ => "export",
    };

    public string Size => Bytes >= 1 << 20 ? $"{Bytes >> 20} MB" : $"{Bytes >> 10} KB";

    /// <summary>"json 64 KB".</summary>
    public string Id => $"{Endpoint} {Size}";

    /// <summary>The request path.</summary>
    public string Path => Kind == EndpointKind.Upload ? "/upload" : $"/{Endpoint}/{Bytes}";

    /// <summary>Whether the upload's body is longer than the memory threshold, so both configurations spill it to a file.</summary>
    public bool Spills => Kind == EndpointKind.Upload && Bytes > ServiceLimits.MemoryThreshold;
}

/// <summary>What a case's responses must be, computed by the load generator from the same payload code as the server.</summary>
public sealed class Expectation
{
    private Expectation(EndpointCase endpointCase, byte[]? upload, long contentLength, string contentHash, string? answer)
    {
        Case = endpointCase;
        Upload = upload;
        ContentLength = contentLength;
        ContentHash = contentHash;
        Answer = answer;
    }

    public EndpointCase Case { get; }

    /// <summary>The upload's request body (null for the other endpoints).</summary>
    public byte[]? Upload { get; }

    /// <summary>The response body's length; for the export, the length of the CSV once decompressed.</summary>
    public long ContentLength { get; }

    /// <summary>SHA-256 (lowercase hex) of the response body; for the export, of the decompressed CSV.</summary>
    public string ContentHash { get; }

    /// <summary>The upload endpoint's answer.</summary>
    public string? Answer { get; }

    public static Expectation For(EndpointCase endpointCase)
    {
        ArgumentNullException.ThrowIfNull(endpointCase);
        switch (endpointCase.Kind)
        {
            case EndpointKind.Json:
            {
                using var json = new MemoryStream();
                Payloads.WriteJson(json, Payloads.ForJson(endpointCase.Bytes));
                return new Expectation(endpointCase, null, json.Length, Hash(json.ToArray()), null);
            }

            case EndpointKind.Export:
            {
                using var csv = new MemoryStream();
                Payloads.WriteCsv(csv, Payloads.ForCsv(endpointCase.Bytes));
                return new Expectation(endpointCase, null, csv.Length, Hash(csv.ToArray()), null);
            }

            default:
            {
                byte[] upload = Payloads.Upload(endpointCase.Bytes);
                string answer = Endpoints.UploadAnswer(upload.Length, SHA256.HashData(upload), upload.AsSpan().Count((byte)'\n'));
                return new Expectation(endpointCase, upload, answer.Length, Hash(System.Text.Encoding.UTF8.GetBytes(answer)), answer);
            }
        }
    }

    /// <summary>Checks a whole response body; throws <see cref="InvalidDataException"/> naming what differs.</summary>
    public void Verify(byte[] body, string? etag, string? spilled)
    {
        ArgumentNullException.ThrowIfNull(body);
        byte[] content = body;
        if (Case.Kind == EndpointKind.Export)
        {
            using var gzip = new GZipStream(new MemoryStream(body), CompressionMode.Decompress);
            using var csv = new MemoryStream();
            gzip.CopyTo(csv);
            content = csv.ToArray();
        }

        string hash = Hash(content);
        if (content.Length != ContentLength || hash != ContentHash)
        {
            throw new InvalidDataException($"{Case.Id}: got {content.Length} bytes with SHA-256 {hash}, expected {ContentLength} bytes with {ContentHash}.");
        }

        if (Case.Kind == EndpointKind.Json && etag != $"\"{hash}\"")
        {
            throw new InvalidDataException($"{Case.Id}: ETag {etag}, expected \"{hash}\".");
        }

        if (Case.Kind == EndpointKind.Upload && spilled != (Case.Spills ? "true" : "false"))
        {
            throw new InvalidDataException($"{Case.Id}: {Endpoints.SpilledHeader} is '{spilled}', expected {(Case.Spills ? "true" : "false")} (memory threshold {ServiceLimits.MemoryThreshold} bytes).");
        }
    }

    private static string Hash(byte[] bytes) => Convert.ToHexStringLower(SHA256.HashData(bytes));
}
