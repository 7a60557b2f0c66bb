"""Small vision transformer: 16x16 patch embedding, class token, learned positions, 3 pre-LN encoder layers (attention written out with nn.Linear/softmax), linear head: (64, 3, 224, 224) -> (64, 1000)."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class EncoderLayer(nn.Module):
    def __init__(self, dim, heads, mlp_ratio):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.ln2 = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, mlp_ratio * dim)
        self.fc2 = nn.Linear(mlp_ratio * dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        h = self.heads
        q, k, v = self.qkv(self.ln1(x)).reshape(b, t, 3, h, d // h).permute(2, 0, 3, 1, 4).unbind(0)
        att = torch.softmax(torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d // h), dim=-1)
        y = torch.matmul(att, v).transpose(1, 2).reshape(b, t, d)
        x = x + self.proj(y)
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class Model(nn.Module):
    def __init__(self, in_channels, image_size, patch, dim, depth, heads, num_classes):
        super().__init__()
        tokens = (image_size // patch) ** 2
        self.patch_embed = nn.Conv2d(in_channels, dim, patch, stride=patch)
        self.cls = nn.Parameter(torch.randn(1, 1, dim) * 0.02)
        self.pos = nn.Parameter(torch.randn(1, tokens + 1, dim) * 0.02)
        self.layers = nn.ModuleList([EncoderLayer(dim, heads, 4) for _ in range(depth)])
        self.ln = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        p = self.patch_embed(x).flatten(2).transpose(1, 2)       # (B, T, D)
        x = torch.cat([self.cls.expand(p.shape[0], -1, -1), p], dim=1) + self.pos
        for layer in self.layers:
            x = layer(x)
        return self.head(self.ln(x[:, 0]))


batch_size = 64
in_channels = 3
image_size = 224
patch = 16
dim = 384
depth = 3
heads = 6
num_classes = 1000

SMALL = {"batch_size": 2, "image_size": 32, "patch": 8, "dim": 32, "depth": 2, "heads": 2,
         "num_classes": 10}


def get_inputs():
    return [torch.randn(batch_size, in_channels, image_size, image_size)]


def get_init_inputs():
    return [in_channels, image_size, patch, dim, depth, heads, num_classes]
