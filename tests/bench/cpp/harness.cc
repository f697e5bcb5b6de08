// The C++ peer of the benchmarks: Google's protobuf (libprotobuf), with the
// classes protoc generates from the .proto files schemac exports for the
// benchmark schemas, linked into this program. `src/cpp.rs` builds it and
// runs it; the Rust side never links libprotobuf.
//
//   harness time MESSAGE INPUT SAMPLES WARM_UP_MS MEASUREMENT_MS
//     times encode, heap decode and arena decode of the bytes in file INPUT
//     as message MESSAGE (a full name, such as shop.Order) and prints one
//     line per operation: its name and its median time per call in
//     nanoseconds.
//   harness check MESSAGE INPUT HEAP_OUT ARENA_OUT
//     decodes INPUT on the heap and in an arena and writes each message
//     back, deterministically (map entries in key order), into the files
//     named.
//
// Timing follows criterion's flat sampling: a warm-up that doubles its
// iterations until WARM_UP_MS have passed estimates the time of one call,
// then SAMPLES samples of the same number of iterations, together about
// MEASUREMENT_MS, each give a mean time per call; the median of those means
// is printed.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include <google/protobuf/arena.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/message.h>

namespace {

using google::protobuf::Arena;
using google::protobuf::Message;
using Clock = std::chrono::steady_clock;

// Keeps the compiler from proving a result unused, as Rust's black_box.
template <typename T>
inline void keep(T* value) {
  asm volatile("" : : "g"(value) : "memory");
}

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "cpp harness: %s\n", message.c_str());
  std::exit(1);
}

std::string read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(std::string("cannot read ") + path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_file(const char* path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) fail(std::string("cannot write ") + path);
}

// The generated class of `name`, found through the generated pool.
const Message* prototype(const char* name) {
  const auto* descriptor =
      google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(name);
  if (descriptor == nullptr) fail(std::string("no generated message ") + name);
  return google::protobuf::MessageFactory::generated_factory()->GetPrototype(descriptor);
}

void parse(Message* message, const std::string& input) {
  if (!message->ParseFromArray(input.data(), static_cast<int>(input.size()))) {
    fail("the input does not parse as " + message->GetTypeName());
  }
}

std::string deterministic(const Message& message) {
  std::string out;
  {
    google::protobuf::io::StringOutputStream stream(&out);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    if (!message.SerializeToCodedStream(&coded)) fail("cannot serialize");
  }
  return out;
}

// The mean time of one call of `op` over `iterations` calls, in nanoseconds.
template <typename Op>
double mean_ns(Op& op, long iterations) {
  const auto start = Clock::now();
  for (long i = 0; i < iterations; ++i) op();
  const std::chrono::duration<double, std::nano> elapsed = Clock::now() - start;
  return elapsed.count() / static_cast<double>(iterations);
}

template <typename Op>
double median_ns(Op op, int samples, double warm_up_ms, double measurement_ms) {
  // Warm-up: double the iterations until the warm-up time has passed,
  // at least one round, which estimates the time of one call.
  double per_call = 0;
  double warmed_ns = 0;
  long rounds = 1;
  do {
    per_call = mean_ns(op, rounds);
    warmed_ns += per_call * static_cast<double>(rounds);
    rounds *= 2;
  } while (warmed_ns < warm_up_ms * 1e6);
  const double budget_ns = measurement_ms * 1e6 / samples;
  const long iterations = std::max(1L, static_cast<long>(budget_ns / std::max(per_call, 1.0)));
  std::vector<double> means;
  for (int sample = 0; sample < samples; ++sample) means.push_back(mean_ns(op, iterations));
  std::sort(means.begin(), means.end());
  const size_t middle = means.size() / 2;
  return means.size() % 2 == 1 ? means[middle] : (means[middle - 1] + means[middle]) / 2;
}

int time(const char* name, const std::string& input, int samples, double warm_up_ms,
         double measurement_ms) {
  const Message* type = prototype(name);
  std::unique_ptr<Message> message(type->New());
  parse(message.get(), input);
  const double encode = median_ns(
      [&] {
        std::string out;
        message->SerializeToString(&out);
        keep(&out);
      },
      samples, warm_up_ms, measurement_ms);
  const double decode = median_ns(
      [&] {
        std::unique_ptr<Message> decoded(type->New());
        parse(decoded.get(), input);
        keep(decoded.get());
      },
      samples, warm_up_ms, measurement_ms);
  const double arena_decode = median_ns(
      [&] {
        Arena arena;
        Message* decoded = type->New(&arena);
        parse(decoded, input);
        keep(decoded);
      },
      samples, warm_up_ms, measurement_ms);
  std::printf("encode %.3f\ndecode %.3f\narena-decode %.3f\n", encode, decode, arena_decode);
  return 0;
}

int check(const char* name, const std::string& input, const char* heap_out,
          const char* arena_out) {
  const Message* type = prototype(name);
  std::unique_ptr<Message> heap(type->New());
  parse(heap.get(), input);
  write_file(heap_out, deterministic(*heap));
  Arena arena;
  Message* in_arena = type->New(&arena);
  parse(in_arena, input);
  write_file(arena_out, deterministic(*in_arena));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  GOOGLE_PROTOBUF_VERIFY_VERSION;
  const std::string command = argc > 1 ? argv[1] : "";
  if (command == "time" && argc == 7) {
    return time(argv[2], read_file(argv[3]), std::atoi(argv[4]), std::atof(argv[5]),
                std::atof(argv[6]));
  }
  if (command == "check" && argc == 6) {
    return check(argv[2], read_file(argv[3]), argv[4], argv[5]);
  }
  std::fprintf(stderr,
               "usage: harness time MESSAGE INPUT SAMPLES WARM_UP_MS MEASUREMENT_MS\n"
               "       harness check MESSAGE INPUT HEAP_OUT ARENA_OUT\n");
  return 2;
}
