using System;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Eddy.ServiceBenchmark;
using Eddy.ServiceBenchmark.Load;

namespace Eddy.Benchmarks.Tests;

/// <summary>
/// The service benchmark's smoke run: real Kestrel servers, one process per configuration on 127.0.0.1, a few
/// requests per endpoint, every response checked whole (status, Content-Length, SHA-256 of the content, the ETag, the
/// upload's spill). No timing is asserted.
/// </summary>
public class ServiceBenchmarkSmokeTests
{
    [Fact]
    public async Task Every_endpoint_answers_correctly_in_every_configuration()
    {
        RunResult result = await BenchmarkRunner.RunAsync(RunSettings.Smoke, TextWriter.Null, CancellationToken.None);

        foreach (ServiceConfiguration configuration in ServiceConfiguration.All)
        {
            foreach (EndpointCase endpointCase in EndpointCase.All)
            {
                CaseMeasurement measured = Assert.Single(result.Cases, c => c.Configuration == configuration.Name && c.Case == endpointCase.Id);
                Assert.Equal(RunSettings.Smoke.RequestsFor(endpointCase), measured.Requests);
                Assert.True(measured.AllocatedBytesPerRequest > 0, $"{configuration.Name} {endpointCase.Id}: the server reported no allocation");
            }

            // The run checked that Kestrel rented from Eddy's pool in the configuration that registers it, and only there.
            ServerMeasurement server = Assert.Single(result.Servers, s => s.Configuration == configuration.Name);
            Assert.Equal(configuration.EddyTransport, server.KestrelOnEddyPool);
            Assert.True(server.ServerGc);
            // A fixed heap count: with DATAS, GC.GetTotalAllocatedBytes goes backwards when a heap is retired.
            Assert.False(server.DynamicHeapCount);
        }

        string markdown = Report.Markdown(result);
        Assert.All(EndpointCase.All, c => Assert.Contains($"| {c.Id} | eddy |", markdown, StringComparison.Ordinal));
        Assert.Contains("Eddy ÷ stock", markdown, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(4)]
    [InlineData(6)]
    public void A_response_that_differs_in_one_byte_fails_the_check(int caseIndex)
    {
        Expectation expectation = Expectation.For(EndpointCase.All[caseIndex]);
        byte[] body = Response(expectation);
        string? etag = expectation.Case.Kind == EndpointKind.Json ? $"\"{expectation.ContentHash}\"" : null;
        string spilled = expectation.Case.Spills ? "true" : "false";
        expectation.Verify(body, etag, spilled);

        body[body.Length / 2] ^= 1;
        Assert.Throws<InvalidDataException>(() => expectation.Verify(body, etag, spilled));
    }

    [Fact]
    public void An_upload_that_was_not_spilled_as_expected_fails_the_check()
    {
        EndpointCase large = EndpointCase.All.Single(c => c.Kind == EndpointKind.Upload && c.Bytes == 32 << 20);
        Assert.True(large.Spills);
        Expectation expectation = Expectation.For(large);

        Assert.Throws<InvalidDataException>(() => expectation.Verify(Response(expectation), null, "false"));
    }

    // What a correct server sends for the case.
    private static byte[] Response(Expectation expectation)
    {
        using var body = new MemoryStream();
        switch (expectation.Case.Kind)
        {
            case EndpointKind.Json:
                Payloads.WriteJson(body, Payloads.ForJson(expectation.Case.Bytes));
                break;
            case EndpointKind.Export:
                using (var gzip = new System.IO.Compression.GZipStream(body, System.IO.Compression.CompressionLevel.Fastest, leaveOpen: true))
                {
                    Payloads.WriteCsv(gzip, Payloads.ForCsv(expectation.Case.Bytes));
                }

                break;
            default:
                body.Write(System.Text.Encoding.UTF8.GetBytes(expectation.Answer!));
                break;
        }

        return body.ToArray();
    }
}
